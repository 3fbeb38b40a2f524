import { describe, expect, it } from 'vitest';
import {
  ABSENT_REASONS,
  PROOF_CHECKS,
  verdictOf,
  type ProofCheck,
  type ProofCheckName,
  type ProofReason,
  type ProofResult,
} from '@rollbook/presence';
import { REASON_TEXTS, reasonTexts } from './marking-messages';
import { finalVerdict, SERVER_REASONS } from './verdict-rule';

const REVIEW = new Set<string>([
  'teacher_audio_missing',
  'teacher_audio_pending',
  'tone_time_unproven',
  'tone_unconfirmed_loop_wide',
]);
const CHECK_OF: Partial<Record<ProofReason, ProofCheckName>> = {
  tone_not_detected: 'tone',
  tone_wrong_time: 'tone_time',
  outside_geofence: 'geofence',
};

/** An engine result with these reasons (each in its check) and this teacher coverage (null: none). */
function result(reasons: ProofReason[], coverage: number | null): ProofResult {
  const checks: ProofCheck[] = PROOF_CHECKS.map((check) => {
    const own = reasons.filter((r) => (CHECK_OF[r] ?? 'ambient') === check);
    const failed = own.some((r) => (ABSENT_REASONS as readonly string[]).includes(r));
    const review = own.some((r) => REVIEW.has(r));
    return { check, status: failed ? 'failed' : review ? 'review' : 'passed', reasons: own, summary: '' };
  });
  return {
    verdict: verdictOf(checks),
    reasons,
    checks,
    ncc: 0.5,
    magnitude: 0.01,
    similarity: coverage === null ? null : 40,
    euclidean_distance: coverage === null ? null : 1,
    gps_distance: 3,
    details: {
      sampleRate: 48000,
      durationS: 5,
      clippedFraction: 0,
      recordingStartMs: null,
      scheduleS: null,
      tone: null,
      ambient: coverage === null ? null : { coverage, lagMs: 0, teacherActivityDb: 20 },
      challenge: null,
    },
    timings: { decodeMs: 0, toneMs: 0, ambientMs: 0, challengeMs: 0, totalMs: 0 },
  };
}

describe('the stored verdict never skips a check in silence (docs/decisions/sessions-0003, -0004)', () => {
  it("keeps the engine's verdict when the teacher's audio covered the recording", () => {
    expect(finalVerdict(result([], 1), 'flowing')).toEqual({ verdict: 'present', reasons: [] });
    expect(finalVerdict(result(['ambient_mismatch'], 0.95), 'flowing')).toEqual({
      verdict: 'absent',
      reasons: ['ambient_mismatch'],
    });
    expect(finalVerdict(result(['tone_wrong_time'], 1), 'flowing').verdict).toBe('absent');
  });

  it('names why the teacher audio was missing: a gap in a flowing stream, or a stream that stopped', () => {
    expect(finalVerdict(result(['teacher_audio_missing'], null), 'flowing')).toEqual({
      verdict: 'needs_review',
      reasons: ['teacher_audio_missing', 'teacher_audio_gap'],
    });
    expect(finalVerdict(result(['teacher_audio_pending'], null), 'stopped')).toEqual({
      verdict: 'needs_review',
      reasons: ['teacher_audio_pending', 'teacher_not_streaming'],
    });
  });

  it("says the teacher's audio was absent because their network was too slow, keeping the engine's verdict", () => {
    expect(finalVerdict(result(['teacher_audio_missing'], null), 'none', true)).toEqual({
      verdict: 'needs_review',
      reasons: ['teacher_audio_missing', 'teacher_network_slow'],
    });
    expect(finalVerdict(result(['no_teacher_stream', 'tone_time_unproven'], null), 'none', true)).toEqual({
      verdict: 'needs_review',
      reasons: ['no_teacher_stream', 'tone_time_unproven', 'teacher_network_slow'],
    });
    // The audio that did arrive was compared: nothing to explain.
    expect(finalVerdict(result([], 1), 'flowing', true)).toEqual({ verdict: 'present', reasons: [] });
    expect(REASON_TEXTS.teacher_network_slow).toMatch(/network was too slow/);
  });

  it("sends a room mismatch on partial coverage to review (the gap is the teacher's), unless the student's side failed", () => {
    expect(finalVerdict(result(['ambient_mismatch'], 0.7), 'flowing')).toEqual({
      verdict: 'needs_review',
      reasons: ['ambient_mismatch', 'teacher_audio_partial'],
    });
    expect(finalVerdict(result([], 0.7), 'flowing')).toEqual({
      verdict: 'present',
      reasons: ['teacher_audio_partial'],
    });
    expect(finalVerdict(result(['tone_not_detected', 'ambient_mismatch'], 0.7), 'flowing').verdict).toBe(
      'absent',
    );
  });

  it('has a plain-words text for every reason it can store', () => {
    for (const r of SERVER_REASONS) expect(REASON_TEXTS[r]).toMatch(/\w/);
    expect(reasonTexts(['tone_wrong_time', 'something_new'])).toEqual([
      REASON_TEXTS.tone_wrong_time,
      'something_new',
    ]);
  });
});
