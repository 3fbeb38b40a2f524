import { describe, expect, it } from 'vitest';
import { MARKING_MESSAGES, REASON_TEXTS, reasonTexts, reviewAnswer } from './marking-messages';
import type { StoredReason } from './verdict-rule';

describe("the answer to an attempt sent to the teacher's review", () => {
  // A relay would get its slot back on every unheard challenge: only a teacher-audio failure returns it.
  const cases: [StoredReason[], string, boolean][] = [
    [['teacher_audio_missing', 'teacher_audio_gap'], MARKING_MESSAGES.sentToReview, true],
    [['challenge_not_heard'], MARKING_MESSAGES.sentToReviewChallengeNotHeard, false],
    [
      ['challenge_band_not_heard', 'challenge_required'],
      MARKING_MESSAGES.sentToReviewChallengeRequired,
      false,
    ],
    [['challenge_missing'], MARKING_MESSAGES.sentToReviewChallengeMissing, false],
    // The requirement is named first when both two-way reasons stand.
    [['challenge_unavailable', 'challenge_required'], MARKING_MESSAGES.sentToReviewChallengeRequired, false],
    // The tone's own reasons: recording again at once does not undo a file heard at the wrong point.
    [['tone_file_moved'], MARKING_MESSAGES.sentToReviewToneFileMoved, false],
    [['tone_unconfirmed_loop_wide'], MARKING_MESSAGES.sentToReviewToneFaint, false],
    [['ambient_uninformative', 'tone_faint_alone'], MARKING_MESSAGES.sentToReviewToneFaint, false],
    [['tone_not_distinct'], MARKING_MESSAGES.sentToReviewToneFaint, false],
    // A faint tone while the teacher's audio also failed: that failure is what recording again can fix.
    [['tone_unconfirmed_loop_wide', 'teacher_audio_missing'], MARKING_MESSAGES.sentToReview, true],
    [['tone_not_distinct', 'teacher_audio_missing'], MARKING_MESSAGES.sentToReview, true],
    // The institution's choice decides every try alike, whatever the teacher's audio did.
    [['tone_time_unbounded', 'tone_time_room_only'], MARKING_MESSAGES.sentToReviewUntimedTone, false],
    [
      ['tone_time_unbounded', 'tone_time_room_only', 'teacher_audio_missing'],
      MARKING_MESSAGES.sentToReviewUntimedTone,
      false,
    ],
  ];

  it.each(cases)(
    "for %j says why and offers recording again at once only when the teacher's audio failed",
    (reasons, message, retryAtOnce) => {
      expect(reviewAnswer(reasons)).toEqual({ message, retryAtOnce });
    },
  );
});

describe("the reasons' texts a teacher reads", () => {
  it('leaves out "the room sound decided" where the institution had the mark reviewed instead', () => {
    expect(reasonTexts(['tone_time_unbounded'])).toEqual([REASON_TEXTS.tone_time_unbounded]);
    expect(reasonTexts(['tone_time_unbounded', 'tone_time_room_only', 'ambient_mismatch'])).toEqual([
      REASON_TEXTS.tone_time_room_only,
      REASON_TEXTS.ambient_mismatch,
    ]);
    expect(reasonTexts(['some_future_reason'])).toEqual(['some_future_reason']);
  });
});
