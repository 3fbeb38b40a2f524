import { describe, expect, it } from 'vitest';
import { FIXTURE_START_MS, proofCase } from '../../test/proof-fixtures';
import { PresenceInputError } from '../errors';
import type { ProofCheckName } from './proof-reasons';
import { verifyProof, type ProofInput, type ProofResult } from './verify-proof';

const statusOf = (r: ProofResult, check: ProofCheckName): string =>
  r.checks.find((c) => c.check === check)!.status;

describe('verifyProof: a present student', () => {
  it('is present, every check reported and passed', () => {
    const r = verifyProof(proofCase());
    expect(r.verdict).toBe('present');
    expect(r.reasons).toEqual([]);
    expect(r.checks.map((c) => [c.check, c.status])).toEqual([
      ['recording', 'passed'],
      ['timing', 'passed'],
      ['tone', 'passed'],
      ['tone_time', 'passed'],
      ['ambient', 'passed'],
      ['geofence', 'passed'],
      ['challenge', 'not_applicable'],
    ]);
    expect(r.details.tone!.heard).toBe(r.details.tone!.expected);
    expect(r.similarity).toBeGreaterThan(80);
    // The recording was placed on the server's clock: within the clock tolerance of the truth.
    expect(r.details.recordingStartMs!.min).toBeLessThanOrEqual(FIXTURE_START_MS);
    expect(r.details.recordingStartMs!.max).toBeGreaterThanOrEqual(FIXTURE_START_MS);
  });

  it('is present on the tone alone in a silent room, saying the ambient could not tell', () => {
    const r = verifyProof(proofCase({ silentRoom: true }));
    expect(r.verdict).toBe('present');
    expect(r.reasons).toContain('ambient_uninformative');
    expect(statusOf(r, 'ambient')).toBe('not_applicable');
  });

  it('is present near a loud speaker in a silent room: the schedule’s own cross-talk is no second source', () => {
    // Loud and clean, the chirps make their slots' other templates peak on their own (presence-0021):
    // strong events three quarters of a chirp from a chirp, which once refused this student.
    const loud = proofCase({ silentRoom: true, toneGain: 0.3 });
    const r = verifyProof(loud);
    expect(r.verdict).toBe('present');
    expect(statusOf(r, 'tone_time')).toBe('passed');
    expect(r.details.tone!.unexplained).toEqual([]);
    // Where the time lock does not hold (the original client's file, phase unknown), the events are
    // read strictly: there they are all that stopped relay + tone-file attacks.
    const looped = verifyProof(proofCase({ silentRoom: true, toneGain: 0.3, fileLoopS: 180 }));
    expect(looped.verdict).toBe('absent');
    expect(looped.reasons).toContain('tone_wrong_time');
    expect(looped.details.tone!.unexplained.length).toBeGreaterThan(1);
  });

  it("is present without the teacher's stream when the live tone proves the moment", () => {
    const r = verifyProof({ ...proofCase(), teacher: { streaming: false, final: true, chunks: [] } });
    expect(r.verdict).toBe('present');
    expect(r.reasons).toEqual(['no_teacher_stream']);
  });
});

describe('verifyProof: each attack fails on its own', () => {
  it('T1: no tone', () => {
    const r = verifyProof(proofCase({ toneGain: 0, otherRoom: true }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toContain('tone_not_detected');
    // The tone alone already fails it, with the room matching:
    expect(verifyProof(proofCase({ toneGain: 0 })).reasons).toEqual(['tone_not_detected']);
  });

  it('T2: a narrowband relay of the room loses the tone', () => {
    const r = verifyProof(proofCase({ lowPassHz: 8000 }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toEqual(['tone_not_detected']);
  });

  it('T2 + T4: the room relayed plus the tone of another moment', () => {
    // The ambient matches (it is the room's own sound); the tone is from 40 s earlier.
    const r = verifyProof(proofCase({ toneFromEarlierMs: 40_000 }));
    expect(r.verdict).toBe('absent');
    expect(statusOf(r, 'ambient')).toBe('passed');
    expect(r.reasons).toContain('tone_wrong_time');
  });

  it('T2f: a full-band relay half a second late, start time honest, misses the time lock', () => {
    const r = verifyProof(proofCase({ toneFromEarlierMs: 500 }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons.some((x) => x === 'tone_wrong_time' || x === 'tone_not_detected')).toBe(true);
  });

  it('T3: this session recorded 10 s earlier and replayed now', () => {
    const r = verifyProof(proofCase({ toneFromEarlierMs: 10_000, otherRoom: true }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toContain('tone_wrong_time');
    expect(r.details.tone!.elsewhere!.startS - r.details.tone!.startS).toBeCloseTo(-10, 0);
  });

  it('T3: the same replay with its start time backdated is refused by the server clock', () => {
    const r = verifyProof(proofCase({ toneFromEarlierMs: 10_000, claimShiftMs: -10_000 }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toContain('start_time_out_of_bounds');
    expect(r.checks.find((c) => c.check === 'timing')!.summary).toMatch(
      /earlier than the upload's arrival allows/,
    );
  });

  it("T3: another session's tone", () => {
    const r = verifyProof(proofCase({ otherKey: true }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toContain('tone_not_detected');
  });

  it('T4: the tone of another moment played at home', () => {
    const r = verifyProof(proofCase({ toneFromEarlierMs: 300_000, otherRoom: true }));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toEqual(expect.arrayContaining(['tone_wrong_time', 'ambient_mismatch']));
  });

  it('T7: a start time claimed late is refused; within the bounds, missing audio goes to review', () => {
    const late = verifyProof(proofCase({ claimShiftMs: 8000 }));
    expect(late.verdict).toBe('absent');
    expect(late.reasons).toEqual(['start_time_out_of_bounds']);
    expect(statusOf(late, 'tone')).toBe('not_applicable');
    expect(statusOf(late, 'ambient')).toBe('not_applicable');
    const base = proofCase();
    const gap: ProofInput = {
      ...base,
      teacher: {
        ...base.teacher,
        chunks: base.teacher.chunks.filter((c) => c.timestampMs < FIXTURE_START_MS - 2000),
      },
    };
    const review = verifyProof(gap);
    expect(review.verdict).toBe('needs_review');
    expect(review.reasons).toEqual(['teacher_audio_missing']);
    expect(verifyProof({ ...gap, teacher: { ...gap.teacher, final: false } }).reasons).toEqual([
      'teacher_audio_pending',
    ]);
  });

  it("the original client's looped file with an unknown phase proves no moment: review without the ambient", () => {
    const base = proofCase({ fileLoopS: 600 });
    // With the teacher's stream the ambient decides (and passes); without it, review.
    const withAmbient = verifyProof(base);
    expect(withAmbient.verdict).toBe('present');
    expect(withAmbient.reasons).toEqual(['tone_time_unbounded']);
    const input: ProofInput = { ...base, teacher: { streaming: false, final: true, chunks: [] } };
    const r = verifyProof(input);
    expect(r.verdict).toBe('needs_review');
    expect(r.reasons).toEqual(expect.arrayContaining(['tone_time_unbounded', 'tone_time_unproven']));
  });
});

describe('verifyProof: inputs', () => {
  it('refuses unusable audio and keys with a typed error', () => {
    expect(() => verifyProof({ ...proofCase(), studentWav: new Uint8Array([1, 2, 3]) })).toThrow(
      PresenceInputError,
    );
    const base = proofCase();
    expect(() => verifyProof({ ...base, tone: { ...base.tone, keyHex: 'nothex' } })).toThrow(
      PresenceInputError,
    );
  });

  it('applies the geofence and threshold overrides', () => {
    const base = proofCase();
    const far = verifyProof({
      ...base,
      position: { latitude: base.classroom!.latitude + 0.01, longitude: base.classroom!.longitude },
    });
    expect(far.reasons).toEqual(['outside_geofence']);
    expect(verifyProof({ ...base, thresholds: { toneScoreMin: 1000 } }).reasons).toEqual([
      'tone_not_detected',
    ]);
  });
});
