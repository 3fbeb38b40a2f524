import { describe, expect, it } from 'vitest';
import type { ReasonCode, VerifyResult } from '@rollbook/presence';
import { REASON_TEXTS, reasonTexts } from './marking-messages';
import { finalVerdict, SERVER_REASONS } from './verdict-rule';

/** A verifier result with the given reasons and teacher coverage (null: no teacher audio compared). */
function result(reasons: ReasonCode[], coverage: number | null): VerifyResult {
  const blocking = reasons.some(
    (r) => !['no_teacher_audio', 'clipped_recording', 'geofence_unavailable'].includes(r),
  );
  return {
    ncc: 0.5,
    magnitude: 0.01,
    similarity: coverage === null ? null : 40,
    euclidean_distance: coverage === null ? null : 1,
    gps_distance: 3,
    verdict: blocking ? 'absent' : 'present',
    reasons,
    details: {
      sampleRate: 48000,
      durationS: 5,
      perChirpNcc: [],
      loopPhaseS: 0,
      ambientLagMs: null,
      teacherCoverage: coverage,
      teacherActivityDb: null,
      clippedFraction: 0,
    },
    timings: { decodeMs: 0, toneMs: 0, ambientMs: 0, totalMs: 0 },
  };
}

describe('the stored verdict never skips a check in silence (docs/decisions/sessions-0003)', () => {
  it("keeps the verifier's verdict when the teacher's audio covered the recording", () => {
    expect(finalVerdict(result([], 1), 'flowing')).toEqual({ verdict: 'present', reasons: [] });
    expect(finalVerdict(result(['ambient_mismatch'], 0.95), 'flowing')).toEqual({
      verdict: 'absent',
      reasons: ['ambient_mismatch'],
    });
  });

  it('sends a recording no teacher audio covers to review, never present on the tone alone, saying why', () => {
    expect(finalVerdict(result(['no_teacher_audio'], null), 'none')).toEqual({
      verdict: 'needs_review',
      reasons: ['no_teacher_audio', 'teacher_not_streaming'],
    });
    expect(finalVerdict(result(['no_teacher_audio'], null), 'stopped').reasons).toContain(
      'teacher_not_streaming',
    );
    expect(finalVerdict(result(['no_teacher_audio'], null), 'flowing')).toEqual({
      verdict: 'needs_review',
      reasons: ['no_teacher_audio', 'teacher_audio_gap'],
    });
  });

  it('judges a partly covered recording on the audio that exists: a match is present, a mismatch goes to review', () => {
    expect(finalVerdict(result([], 0.7), 'flowing')).toEqual({
      verdict: 'present',
      reasons: ['teacher_audio_partial'],
    });
    expect(finalVerdict(result(['ambient_mismatch'], 0.7), 'flowing')).toEqual({
      verdict: 'needs_review',
      reasons: ['ambient_mismatch', 'teacher_audio_partial'],
    });
  });

  it("refuses on the student's own failures whatever the teacher streamed", () => {
    expect(finalVerdict(result(['tone_not_detected', 'no_teacher_audio'], null), 'none').verdict).toBe(
      'absent',
    );
    expect(finalVerdict(result(['outside_geofence'], 0.7), 'flowing').verdict).toBe('absent');
  });

  it('has plain words for every reason, server reasons included', () => {
    for (const reason of SERVER_REASONS) expect(REASON_TEXTS[reason]).toMatch(/teacher/);
    expect(reasonTexts(['teacher_audio_gap', 'something_new'])).toEqual([
      REASON_TEXTS.teacher_audio_gap,
      'something_new',
    ]);
  });
});
