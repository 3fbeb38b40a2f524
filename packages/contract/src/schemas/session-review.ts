import { z } from 'zod';
import { slugField } from './common';
import { AttendanceRecordSchema } from './sessions';

/**
 * Rollbook's own: an attendance the server could not judge (the teacher's audio for the recording's
 * time never came) waits for the teacher's review with the student's recording. Not part of the
 * original contract: the original client's sheet sees such a row as not yet present.
 */

/** The server's clock, for a client measuring its offset before recording. */
export const ServerTimeSchema = z.object({ server_time_ms: z.number().int() });
export type ServerTime = z.infer<typeof ServerTimeSchema>;

/**
 * The two-way check of one marking attempt (Rollbook's own, our web client only; docs/decisions/
 * sessions-0006-two-way-check-in-the-product.md). Asked for just before recording, for today's
 * session of a lecture (`lecture_slug`) or a session named by its id (`session_id`).
 */
export const ChallengeRequestBodySchema = z
  .object({
    lecture_slug: slugField('lecture_slug').optional(),
    session_id: slugField('session_id').optional(),
  })
  .refine((body) => body.lecture_slug !== undefined || body.session_id !== undefined, {
    error: 'lecture_slug or session_id is required',
    path: ['lecture_slug'],
  });
export type ChallengeRequestBody = z.infer<typeof ChallengeRequestBodySchema>;

/** The public shape of a session's tone schedule (`ToneScheduleConfig` of @rollbook/presence). */
export const ToneScheduleConfigSchema = z.object({
  /** 2: each chirp's slot drawn on its own; 3: every run of `slots` chirps takes each slot once. */
  version: z.union([z.literal(2), z.literal(3)]),
  bandLowHz: z.number(),
  bandHighHz: z.number(),
  slots: z.number().int(),
  periodS: z.number(),
  chirpS: z.number(),
  minGapS: z.number(),
  amplitude: z.number(),
  taperS: z.number(),
});

/** A challenge to play while recording: single use, bound to the caller and the session, short-lived. */
export const IssuedChallengeSchema = z.object({
  /** Sent back with the recording as the multipart field `challenge_attempt`. */
  attempt_id: z.string(),
  /** The attempt's challenge key (hex): the phone synthesises the sequence from it. */
  key_hex: z.string(),
  /** The challenge's own schedule config (a band above the session tone's). */
  config: ToneScheduleConfigSchema,
  /** Server time (ms epoch) after which the attempt is refused: record and upload before it. */
  expires_at_ms: z.number().int(),
});
export type IssuedChallenge = z.infer<typeof IssuedChallengeSchema>;

/** The answer: null when the institution does not use the two-way check (record without it). */
export const ChallengeAnswerSchema = z.object({ challenge: IssuedChallengeSchema.nullable() });
export type ChallengeAnswer = z.infer<typeof ChallengeAnswerSchema>;

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
