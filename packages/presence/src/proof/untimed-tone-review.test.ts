import { describe, expect, it } from 'vitest';
import { plannedCase } from '../evaluate/planned-case';
import { verdictWithUntimedReview } from '../evaluate/proof-report';
import { verifyProof, type ProofResult } from './verify-proof';

// The institution's choice for marks the tone cannot time (presence-0027): cases of the evaluation
// corpus (seed 2584), each verified under both settings.

const check = (r: ProofResult, name: string) => r.checks.find((c) => c.check === name)!;

function bothWays(cls: Parameters<typeof plannedCase>[0], index: number) {
  const { input, spec } = plannedCase(cls, index, 2584);
  return { spec, room: verifyProof(input), review: verifyProof({ ...input, reviewUntimedTone: true }) };
}

describe('verifyProof: marks whose tone cannot prove the moment, under the institution setting', () => {
  it('refuses T2T4-591 with the setting off: the copy that lined up with the 180-s loop misses the lecture-long file (presence-0029)', () => {
    // A narrowband relay of the room plus the tone heard some minutes earlier, played at home.
    const { spec, room } = bothWays('T2T4', 591);
    expect(spec.client).toBe('flutter16');
    expect(room.verdict).toBe('absent');
    expect(room.reasons).toContain('tone_wrong_time');
  });

  it.each([['present', 1]] as const)(
    "sends %s-%i (the original app's file, the room sound matching) to review instead of accepting it",
    (cls, index) => {
      const { spec, room, review } = bothWays(cls, index);
      expect(spec.client).toBe('flutter16');
      expect(room.verdict).toBe('present');
      expect(room.reasons).toEqual(['tone_time_unbounded']);
      expect(check(room, 'ambient').status).toBe('passed');

      expect(review.verdict).toBe('needs_review');
      expect(review.reasons).toEqual(['tone_time_unbounded', 'tone_time_room_only']);
      expect(check(review, 'tone_time').status).toBe('review');
      // Only the verdict's basis changes: the measurements are the same.
      expect(review.details.tone).toEqual(room.details.tone);
      expect(review.similarity).toBe(room.similarity);
      expect(verdictWithUntimedReview({ verdict: room.verdict, reasons: room.reasons })).toBe(review.verdict);
    },
  );

  it('keeps a room-sound mismatch inside the download bounds in review, with both reasons', () => {
    // present-00001's recording with another lecture's room in the teacher's stream (present-00010's
    // chunks, re-stamped): the tone fits where the download says, the room sound disagrees.
    const { input } = plannedCase('present', 1, 2584);
    const otherRoom = plannedCase('present', 10, 2584).input.teacher.chunks;
    const mismatched = {
      ...input,
      teacher: {
        ...input.teacher,
        chunks: input.teacher.chunks.map((c, i) => ({ ...c, bytes: otherRoom[i % otherRoom.length]!.bytes })),
      },
    };
    const room = verifyProof(mismatched);
    const review = verifyProof({ ...mismatched, reviewUntimedTone: true });
    expect(room.verdict).toBe('needs_review');
    expect(room.reasons).toEqual(['tone_time_unbounded', 'ambient_mismatch']);
    expect(review.verdict).toBe('needs_review');
    expect(review.reasons).toEqual(['tone_time_unbounded', 'tone_time_room_only', 'ambient_mismatch']);
    expect(check(review, 'ambient')).toEqual(check(room, 'ambient'));
    expect(verdictWithUntimedReview(room)).toBe(review.verdict);
  });

  it("still refuses a mark whose room sound does not match where the tone's bounds are wide", () => {
    // present-00001 with the file's start known only to +-7 s (a slow download) and another
    // lecture's room in the teacher's stream (present-00010's chunks, re-stamped): the room decides.
    const { input } = plannedCase('present', 1, 2584);
    const otherRoom = plannedCase('present', 10, 2584).input.teacher.chunks;
    const playback = input.tone.playback;
    if (playback.kind !== 'file') throw new Error('present-00001 should be the original app');
    const wide = {
      ...input,
      tone: {
        ...input.tone,
        playback: {
          ...playback,
          startedMs: { min: playback.startedMs.min - 6000, max: playback.startedMs.max + 6000 },
        },
      },
      teacher: {
        ...input.teacher,
        chunks: input.teacher.chunks.map((c, i) => ({ ...c, bytes: otherRoom[i % otherRoom.length]!.bytes })),
      },
    };
    const room = verifyProof(wide);
    expect(room.verdict).toBe('absent');
    expect(room.reasons).toEqual(['tone_time_unbounded', 'ambient_mismatch']);
    const review = verifyProof({ ...wide, reviewUntimedTone: true });
    expect(review.verdict).toBe('absent');
    expect(review.reasons).toEqual(['tone_time_unbounded', 'tone_time_room_only', 'ambient_mismatch']);
    expect(verdictWithUntimedReview(room)).toBe('absent');
  });

  it.each([
    // Our web client: its reported clock times the tone, so the setting has nothing to do.
    ['present', 0, 'present'],
    // The original app's file refused on its time stays refused.
    ['T2T4', 22, 'absent'],
  ] as const)('leaves %s-%i (%s) as it was', (cls, index, verdict) => {
    const { room, review } = bothWays(cls, index);
    expect(room.verdict).toBe(verdict);
    expect(review.verdict).toBe(verdict);
    expect(review.reasons).toEqual(room.reasons);
    expect(verdictWithUntimedReview(room)).toBe(verdict);
  });
});
