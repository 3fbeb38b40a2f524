import { describe, expect, it } from 'vitest';
import { MARKING_MESSAGES, reviewAnswer } from './marking-messages';

describe("the answer to an attempt sent to the teacher's review", () => {
  it("offers recording again at once only when the teacher's audio failed", () => {
    expect(reviewAnswer(['teacher_audio_missing', 'teacher_audio_gap'])).toEqual({
      message: MARKING_MESSAGES.sentToReview,
      retryAtOnce: true,
    });
    // A relay would get its slot back on every unheard challenge: the rate limit applies instead.
    expect(reviewAnswer(['challenge_not_heard'])).toEqual({
      message: MARKING_MESSAGES.sentToReviewChallengeNotHeard,
      retryAtOnce: false,
    });
    expect(reviewAnswer(['challenge_band_not_heard', 'challenge_required'])).toEqual({
      message: MARKING_MESSAGES.sentToReviewChallengeRequired,
      retryAtOnce: false,
    });
    expect(reviewAnswer(['challenge_missing'])).toEqual({
      message: MARKING_MESSAGES.sentToReviewChallengeMissing,
      retryAtOnce: false,
    });
  });

  it('names the requirement first when both two-way reasons stand', () => {
    expect(reviewAnswer(['challenge_unavailable', 'challenge_required']).message).toBe(
      MARKING_MESSAGES.sentToReviewChallengeRequired,
    );
  });
});
