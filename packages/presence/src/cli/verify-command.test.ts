import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticCase } from '../../test/fixtures';
import { PresenceInputError } from '../errors';
import { encodeToneWav } from '../tone/create-session-tone';
import { UsageError, verifyCommand } from './verify-command';

let dir = '';
const input = syntheticCase();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'presence-cli-'));
  await mkdir(join(dir, 'teacher'));
  await writeFile(join(dir, 'tone.wav'), encodeToneWav(input.tone));
  await writeFile(join(dir, 'tone.json'), JSON.stringify(input.tone));
  await writeFile(join(dir, 'student.wav'), input.studentWav);
  for (const c of input.teacherChunks) await writeFile(join(dir, 'teacher', `${c.timestampMs}.pcm`), c.bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('presence verify', () => {
  it('verifies a case from files (tone WAV with embedded parameters) and prints the metrics', async () => {
    const out = JSON.parse(
      await verifyCommand([
        ...['--tone', join(dir, 'tone.wav'), '--teacher', join(dir, 'teacher')],
        ...['--student', join(dir, 'student.wav'), '--start-time', String(input.studentStartMs)],
        ...['--lat', String(input.position!.latitude), '--lon', String(input.position!.longitude)],
        ...[
          '--room-lat',
          String(input.classroom!.latitude),
          '--room-lon',
          String(input.classroom!.longitude),
        ],
      ]),
    ) as { verdict: string; reasons: string[]; ncc: number; similarity: number; gps_distance: number };
    expect(out.verdict).toBe('present');
    expect(out.reasons).toEqual([]);
    expect(out.ncc).toBeGreaterThan(0.8);
    expect(out.similarity).toBeGreaterThan(80);
    expect(out.gps_distance).toBeGreaterThan(0);
  });

  it('accepts the parameters as JSON and works without teacher audio or positions', async () => {
    const out = JSON.parse(
      await verifyCommand([
        ...['--tone', join(dir, 'tone.json'), '--student', join(dir, 'student.wav')],
        ...['--start-time', String(input.studentStartMs)],
      ]),
    ) as { similarity: number | null; reasons: string[] };
    expect(out.similarity).toBeNull();
    expect(out.reasons).toEqual(['no_teacher_audio', 'geofence_unavailable']);
  });

  it('reports usage errors and unusable audio distinctly', async () => {
    await expect(verifyCommand(['--tone', join(dir, 'tone.wav')])).rejects.toBeInstanceOf(UsageError);
    await expect(
      verifyCommand([
        '--tone',
        join(dir, 'tone.wav'),
        '--student',
        join(dir, 'tone.json'),
        '--start-time',
        '1',
      ]),
    ).rejects.toBeInstanceOf(PresenceInputError);
  });
});
