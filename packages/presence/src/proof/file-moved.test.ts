import { describe, expect, it } from 'vitest';
import { plannedCase } from '../evaluate/planned-case';
import { DEFAULT_PROOF_THRESHOLDS } from './proof-thresholds';
import { FILE_PLAY_DELAY_MAX_MS, fileStartFromFetch } from './file-fetch';
import { verifyProof, type ProofInput, type ProofResult } from './verify-proof';
import { MOVED_FILE_REACH_S, movedFileReach } from './tone-checks';

// The looped file heard at a phase its download does not allow (presence-0024).

// present-00031 of seed 7: the original client, a lecture, 8.4 m from the speaker, its file's start
// bounded by its download as the server knows it.
const { spec, input } = plannedCase('present', 31, 7);

/** The same recording with the file's bounds moved by `shiftMs` (the file restarted, or a copy played). */
function shifted(shiftMs: number, heardInStream?: boolean): ProofInput {
  const p = input.tone.playback;
  if (p.kind !== 'file') throw new Error('present-00031 of seed 7 is the original client');
  return {
    ...input,
    tone: {
      ...input.tone,
      playback: {
        ...p,
        startedMs: { min: p.startedMs.min + shiftMs, max: p.startedMs.max + shiftMs },
        ...(heardInStream === undefined ? {} : { heardInStream }),
      },
    },
  };
}

const check = (r: ProofResult, name: string) => r.checks.find((c) => c.check === name)!;

describe('verifyProof: a looped file heard at a phase its bounds do not allow', () => {
  it('accepts the file where its download says it plays', () => {
    expect(spec.client).toBe('flutter16');
    const r = verifyProof(input);
    expect(r.verdict).toBe('present');
    expect(r.reasons).not.toContain('tone_file_moved');
  });

  it('sends the mark to review when the bounds come from the download (the file may have restarted unseen)', () => {
    const r = verifyProof(shifted(-60_000));
    expect(check(r, 'tone').status).toBe('passed');
    expect(r.details.tone!.score).toBeGreaterThanOrEqual(DEFAULT_PROOF_THRESHOLDS.toneScoreMinLoopWide);
    expect(check(r, 'tone_time')).toMatchObject({ status: 'review', reasons: ['tone_file_moved'] });
    expect(r.verdict).toBe('needs_review');
    // A faint fit elsewhere (below the loop-wide level, here raised above it) is reviewed too, not refused.
    const faint = verifyProof({ ...shifted(-60_000), thresholds: { toneScoreMinLoopWide: 100 } });
    expect(faint.verdict).toBe('needs_review');
    expect(faint.reasons).toEqual(['tone_unconfirmed_loop_wide', 'tone_file_moved']);
    // The room sound still has to match: the same file at home is refused on it.
    const elsewhere = verifyProof({ ...shifted(-60_000), thresholds: { similarityMin: 101 } });
    expect(elsewhere.verdict).toBe('absent');
  });

  it("looks for the app's lecture-long file up to 180 s behind its download (a pause), never ahead (presence-0029)", () => {
    const p = input.tone.playback;
    expect(p.kind === 'file' && p.loopS).toBeGreaterThan(MOVED_FILE_REACH_S);
    const behind = verifyProof(shifted(-150_000));
    expect(behind.verdict).toBe('needs_review');
    expect(behind.reasons).toContain('tone_file_moved');
    for (const far of [shifted(-400_000), shifted(60_000)]) {
      const r = verifyProof(far);
      expect(r.verdict).toBe('absent');
      expect(r.reasons).not.toContain('tone_file_moved');
    }
    // A short loop is searched whole, as before.
    expect(movedFileReach({ loopS: 180 }, { min: 40, max: 46 })).toEqual({ min: 0, max: 180 });
    expect(movedFileReach({ loopS: 4500 }, { min: 1000, max: 1006 })).toEqual({ min: 826, max: 1006 });
    expect(movedFileReach({ loopS: 4500 }, { min: 100, max: 106 })).toEqual({ min: 0, max: 106 });
    // A file downloaded later in the lecture starts at the chirp then due: never looked for before it.
    expect(movedFileReach({ loopS: 4500, fromS: 900 }, { min: 1000, max: 1006 })).toEqual({
      min: 900,
      max: 1006,
    });
    // A recording from before that file began: nowhere in it to look.
    expect(movedFileReach({ loopS: 4500, fromS: 900 }, { min: 800, max: 806 })).toEqual({
      min: 900,
      max: 900,
    });
  });

  it('judges a file downloaded later in the lecture, which starts at the chirp then due, the same way', () => {
    // The same sound, described as a download made `fromS` into the schedule: the file's first
    // sample is schedule time fromS, played fromS later in server time.
    const p = input.tone.playback;
    if (p.kind !== 'file') throw new Error('present-00031 of seed 7 is the original client');
    const heardS = (input.timing.claimedStartMs - p.startedMs.max) / 1000;
    const fromS = Math.floor((heardS - 60) / input.tone.config.periodS) * input.tone.config.periodS;
    expect(fromS).toBeGreaterThan(0);
    const shiftedStart = { min: p.startedMs.min + fromS * 1000, max: p.startedMs.max + fromS * 1000 };
    const later: ProofInput = {
      ...input,
      tone: {
        ...input.tone,
        playback: {
          ...p,
          fromS,
          startedMs: shiftedStart,
        },
      },
    };
    const before = verifyProof(input);
    const after = verifyProof(later);
    expect(after.verdict).toBe(before.verdict);
    expect(after.reasons).toEqual(before.reasons);
    const [a, b] = [after.details.tone!, before.details.tone!];
    const heard = (t: typeof a) => t.chirps.map((c) => [c.index, c.z, c.heard]);
    expect([a.score, a.heard, heard(a), a.slotScores]).toEqual([b.score, b.heard, heard(b), b.slotScores]);
    expect([after.ncc, after.magnitude]).toEqual([before.ncc, before.magnitude]);
    expect(a.startS).toBeCloseTo(b.startS, 6); // fromS + seconds into the file: the same sum, rounded
    // Played from its start instead (the short loop's way), the same download would not fit.
    const fromZero = verifyProof({
      ...later,
      tone: { ...later.tone, playback: { ...p, startedMs: shiftedStart, fromS: 0 } },
    });
    expect(fromZero.verdict).not.toBe('present');
  });

  it('refuses it on time when the bounds come from hearing the file in the teacher stream', () => {
    const r = verifyProof(shifted(-60_000, true));
    expect(r.verdict).toBe('absent');
    expect(r.reasons).not.toContain('tone_file_moved');
    expect(r.reasons.some((x) => x === 'tone_wrong_time' || x === 'tone_not_detected')).toBe(true);
  });

  it("never lets a download's bounds prove the moment, however narrow; the file heard in the stream does", () => {
    // A tight clock: the allowed alignments (~2.7 s) are narrower than the time lock (4 s).
    const narrow = { ...input.timing, clockToleranceMs: 100 };
    const fromDownload = verifyProof({ ...input, timing: narrow });
    const span = fromDownload.details.scheduleS!.max - fromDownload.details.scheduleS!.min;
    expect(span).toBeLessThan(DEFAULT_PROOF_THRESHOLDS.maxTimeLockS);
    expect(check(fromDownload, 'tone_time').reasons).toEqual(['tone_time_unbounded']);
    const heard = verifyProof({ ...shifted(0, true), timing: narrow });
    expect(check(heard, 'tone_time').status).toBe('passed');
  });

  it("reviews a room-sound mismatch when the tone fits the download's bounds, refuses it elsewhere", () => {
    // The room sound made to disagree (an unreachable similarity): the tone where the download says is
    // evidence of the moment, so a teacher looks; the same tone with the whole loop allowed is not.
    const strict = { similarityMin: 101 };
    const r = verifyProof({ ...input, thresholds: strict });
    expect(r.reasons).toEqual(['tone_time_unbounded', 'ambient_mismatch']);
    expect(r.verdict).toBe('needs_review');
    const p = input.tone.playback;
    if (p.kind !== 'file') throw new Error('the original client');
    const anyPhase = verifyProof({
      ...input,
      thresholds: strict,
      tone: {
        ...input.tone,
        playback: { ...p, startedMs: { min: p.startedMs.max - 600_000, max: p.startedMs.max } },
      },
    });
    expect(anyPhase.verdict).toBe('absent');
  });

  it('refuses a recording without the tone instead of reviewing a chance fit', () => {
    // T1-00000 of seed 7 with the same (download-bounded) file playback: nothing of the loop in it.
    const t1 = plannedCase('T1', 0, 7).input;
    const r = verifyProof({ ...t1, tone: shifted(0).tone, timing: input.timing });
    expect(r.reasons).not.toContain('tone_file_moved');
    expect(r.verdict).toBe('absent');
  });
});

describe('fileStartFromFetch', () => {
  const MiB = 1024 * 1024;
  // The real file: 180 s of 16-bit 48 kHz mono and its 44-byte header.
  const FILE_BYTES = 44 + 180 * 48_000 * 2;
  const paced = FILE_BYTES - 8 * MiB;

  it('allows the start delay after a fast download', () => {
    const b = fileStartFromFetch({ requestedMs: 1_000, servedMs: 1_300, bytes: FILE_BYTES });
    expect(b.min).toBe(1_300);
    // The 8 MiB still on the way drain at the speed the rest came at: over 300 ms.
    expect(b.max).toBeCloseTo(1_300 + (8 * MiB * 300) / paced + FILE_PLAY_DELAY_MAX_MS, 6);
    expect(b.max - b.min).toBeLessThan(2_900);
  });

  it('allows a slow link the drain it needs', () => {
    const b = fileStartFromFetch({ requestedMs: 0, servedMs: 9_000, bytes: FILE_BYTES });
    expect(b.max - b.min).toBeCloseTo((8 * MiB * 9_000) / paced + FILE_PLAY_DELAY_MAX_MS, 6);
  });

  it('never drains slower than 1 Mbit/s, and a file the buffer takes whole at that speed', () => {
    // 1.25 MB at 1 Mbit/s: 10 s, however fast it seemed to go.
    const small = fileStartFromFetch({ requestedMs: 0, servedMs: 5, bytes: 1_250_000 });
    expect(small.max - small.min).toBe(10_000 + FILE_PLAY_DELAY_MAX_MS);
    // Just over the buffer: no cliff, the same 1 Mbit/s ceiling on the drain.
    const edge = fileStartFromFetch({ requestedMs: 0, servedMs: 5, bytes: 8 * MiB + 1 });
    expect(edge.max - edge.min).toBeCloseTo((8 * MiB) / 125 + FILE_PLAY_DELAY_MAX_MS, 6);
  });
});
