import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofCase } from '../../test/proof-fixtures';
import { plannedCase } from '../evaluate/planned-case';
import { PresenceInputError } from '../errors';
import { joinNegativeValues } from './cli-args';
import { verifyCommand } from './verify-command';
import { ProofUsageError } from './verify-proof-command';

let dir = '';
const input = proofCase();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'presence-proof-cli-'));
  await mkdir(join(dir, 'teacher'));
  await writeFile(join(dir, 'session.json'), JSON.stringify(input.tone));
  await writeFile(join(dir, 'student.wav'), input.studentWav);
  for (const c of input.teacher.chunks)
    await writeFile(join(dir, 'teacher', `${c.timestampMs}.pcm`), c.bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const base = (): string[] => [
  ...['--session', join(dir, 'session.json'), '--student', join(dir, 'student.wav')],
  ...[
    '--start-time',
    String(input.timing.claimedStartMs),
    '--upload-time',
    String(input.timing.uploadReceivedMs),
  ],
  ...['--clock-tolerance', String(input.timing.clockToleranceMs)],
];

describe('presence verify (v2)', () => {
  it('re-checks a decision from files and prints every check', async () => {
    const out = JSON.parse(await verifyCommand([...base(), '--teacher', join(dir, 'teacher')])) as {
      verdict: string;
      reasons: string[];
      checks: { check: string; status: string }[];
    };
    expect(out.verdict).toBe('present');
    expect(out.checks.map((c) => c.check)).toEqual([
      'recording',
      'timing',
      'tone',
      'tone_time',
      'ambient',
      'geofence',
      'challenge',
    ]);
    expect(out.reasons).toEqual(['geofence_unavailable']);
  });

  it('re-checks the two-way challenge of an attempt from the key and the attempt id', async () => {
    const heard = proofCase({ challenge: { attemptId: 'attempt-7' } });
    const sub = join(dir, 'two-way');
    await mkdir(join(sub, 'teacher'), { recursive: true });
    await writeFile(join(sub, 'student.wav'), heard.studentWav);
    for (const c of heard.teacher.chunks)
      await writeFile(join(sub, 'teacher', `${c.timestampMs}.pcm`), c.bytes);
    const args = [
      ...base().map((a) => (a.endsWith('student.wav') ? join(sub, 'student.wav') : a)),
      ...['--teacher', join(sub, 'teacher')],
    ];
    type Out = { verdict: string; checks: { check: string; status: string }[]; reasons: string[] };
    const status = (o: Out): string => o.checks.find((c) => c.check === 'challenge')!.status;
    const ok = JSON.parse(await verifyCommand([...args, '--challenge-attempt', 'attempt-7'])) as Out;
    expect(ok.verdict).toBe('present');
    expect(status(ok)).toBe('passed');
    const wrong = JSON.parse(await verifyCommand([...args, '--challenge-attempt', 'attempt-8'])) as Out;
    expect(wrong.verdict).toBe('needs_review');
    expect(status(wrong)).toBe('review');
    expect(wrong.reasons).toContain('challenge_not_heard');
    const skipped = JSON.parse(await verifyCommand(args)) as Out;
    expect(status(skipped)).toBe('not_applicable');
  });

  it("applies the institution's review of marks the tone cannot time with --review-untimed-tone", async () => {
    // present-00001 of seed 2584: the original app's looped file, its 16 kHz teacher stream.
    const { input: original } = plannedCase('present', 1, 2584);
    const sub = join(dir, 'untimed');
    await mkdir(join(sub, 'teacher'), { recursive: true });
    await writeFile(join(sub, 'session.json'), JSON.stringify(original.tone));
    await writeFile(join(sub, 'student.wav'), original.studentWav);
    for (const c of original.teacher.chunks)
      await writeFile(join(sub, 'teacher', `${c.timestampMs}.wav`), c.bytes);
    const args = [
      ...['--session', join(sub, 'session.json'), '--student', join(sub, 'student.wav')],
      ...['--start-time', String(original.timing.claimedStartMs)],
      ...['--upload-time', String(original.timing.uploadReceivedMs)],
      ...['--teacher', join(sub, 'teacher')],
      ...(original.position
        ? ['--lat', String(original.position.latitude), '--lon', String(original.position.longitude)]
        : []),
      ...(original.classroom
        ? [
            '--room-lat',
            String(original.classroom.latitude),
            '--room-lon',
            String(original.classroom.longitude),
          ]
        : []),
    ];
    type Out = { verdict: string; reasons: string[] };
    const room = JSON.parse(await verifyCommand(args)) as Out;
    expect(room.verdict).toBe('present');
    expect(room.reasons).toContain('tone_time_unbounded');
    const reviewed = JSON.parse(await verifyCommand([...args, '--review-untimed-tone'])) as Out;
    expect(reviewed.verdict).toBe('needs_review');
    const at = room.reasons.indexOf('tone_time_unbounded') + 1;
    expect(reviewed.reasons).toEqual([
      ...room.reasons.slice(0, at),
      'tone_time_room_only',
      ...room.reasons.slice(at),
    ]);
  });

  it('takes negative coordinates as "--lon -0.12" and says when the teacher did not stream', async () => {
    const out = JSON.parse(
      await verifyCommand([
        ...base(),
        '--no-teacher-stream',
        ...['--lat', '51.5072', '--lon', '-0.12', '--room-lat', '51.5072', '--room-lon', '-0.1205'],
      ]),
    ) as { verdict: string; reasons: string[]; gps_distance: number };
    expect(out.gps_distance).toBeGreaterThan(30);
    expect(out.gps_distance).toBeLessThan(40);
    expect(out.reasons).toEqual(['no_teacher_stream']);
    expect(out.verdict).toBe('present');
  });

  it('reports usage errors and unusable session files distinctly', async () => {
    await expect(verifyCommand(['--session', join(dir, 'session.json')])).rejects.toBeInstanceOf(
      ProofUsageError,
    );
    await expect(verifyCommand([...base(), '--lat', 'north'])).rejects.toBeInstanceOf(ProofUsageError);
    await expect(
      verifyCommand([
        '--session',
        join(dir, 'student.wav'),
        '--student',
        join(dir, 'student.wav'),
        '--start-time',
        '1',
        '--upload-time',
        '2',
      ]),
    ).rejects.toBeInstanceOf(PresenceInputError);
    // A file's start that is not a number is refused, never read as the schedule's start.
    const file = { kind: 'file', loopS: 180, startedMs: { min: 0, max: 1000 }, fromS: 'later' };
    await writeFile(join(dir, 'bad-file.json'), JSON.stringify({ keyHex: 'ab'.repeat(32), playback: file }));
    await expect(
      verifyCommand(['--session', join(dir, 'bad-file.json'), ...base().slice(2)]),
    ).rejects.toBeInstanceOf(PresenceInputError);
  });
});

describe('joinNegativeValues', () => {
  it('joins only value options followed by a negative number', () => {
    const opts = new Set(['lon', 'lat']);
    expect(
      joinNegativeValues(['--lon', '-0.12', '--lat', '51', '--flag', '-3', '--lon', '-.5'], opts),
    ).toEqual(['--lon=-0.12', '--lat', '51', '--flag', '-3', '--lon=-.5']);
  });
});
