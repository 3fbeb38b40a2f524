import { z } from 'zod';
import { AttendanceRecordSchema } from './sessions';

/**
 * Rollbook's own: an attendance the server could not judge (the teacher's audio for the recording's
 * time never came) waits for the teacher's review with the student's recording. Not part of the
 * original contract: the original client's sheet sees such a row as not yet present.
 */

/** The server's clock, for a client measuring its offset before recording. */
export const ServerTimeSchema = z.object({ server_time_ms: z.number().int() });
export type ServerTime = z.infer<typeof ServerTimeSchema>;

/** One attendance waiting for (or resolved by) the teacher's review. */
export const AttendanceReviewSchema = z.object({
  attendance: AttendanceRecordSchema,
  /** The stored reason codes of the verdict. */
  reasons: z.array(z.string()),
  /** The same reasons in plain words, as the teacher reads them. */
  reason_texts: z.array(z.string()),
  /** Whether the student's recording is kept for listening (the retention job may remove it). */
  has_recording: z.boolean(),
  /** `pending` until the teacher accepts (present) or rejects (absent). */
  status: z.enum(['pending', 'accepted', 'rejected']),
});
export type AttendanceReview = z.infer<typeof AttendanceReviewSchema>;

export const REVIEW_DECISIONS = ['accept', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const ResolveReviewBodySchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: 'decision must be "accept" or "reject"' }),
});
export type ResolveReviewBody = z.infer<typeof ResolveReviewBodySchema>;

/**
 * The `code` of a marking answer sent to the teacher's review (Rollbook's own; the contract's 100
 * means marked). The original client ignores codes on errors and shows the message.
 */
export const SENT_TO_REVIEW_CODE = 101;
