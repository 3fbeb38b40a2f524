import { z } from 'zod';

/**
 * Builds the standard success envelope of contract §1.4 around a payload schema. The original
 * client decides success by HTTP status alone and reads `res.data.data`, so `error` is always the
 * literal `false` and `message` is always `null` on a 2xx.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ data, error: z.literal(false), message: z.null() });
}

/**
 * Builds the attendance variant of the success envelope (§6.2, §6.3): the same keys plus `code`,
 * where `100` tells the client the attendance is marked (or the manual request accepted).
 */
export function codedEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ data, code: z.number().int().nullable(), error: z.literal(false), message: z.null() });
}

/** One per-field validation problem, `path` dotted (`subject_choices.0`). */
export const FieldIssueSchema = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/**
 * Every non-2xx body. Callers toast `message` as is (§2.1), so it is always a human sentence.
 * `code` is our stable error code (see `ERROR_STATUS`), or a legacy integer code where the original
 * server sent one (attendance `code: 100`).
 */
export const ErrorEnvelopeSchema = z.object({
  data: z.null(),
  error: z.literal(true),
  message: z.string(),
  code: z.union([z.string(), z.number()]).optional(),
  issues: z.array(FieldIssueSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The success envelope as a type. */
export interface Envelope<T> {
  data: T;
  error: false;
  message: null;
}

/** The attendance success envelope as a type. */
export interface CodedEnvelope<T> extends Envelope<T> {
  code: number | null;
}

/**
 * Wraps a payload in the success envelope, so handlers never spell the constant keys by hand.
 */
export function ok<T>(data: T): Envelope<T> {
  return { data, error: false, message: null };
}

/**
 * Wraps a payload in the attendance success envelope; `code` defaults to `null` (not marked).
 */
export function okCoded<T>(data: T, code: number | null = null): CodedEnvelope<T> {
  return { data, code, error: false, message: null };
}
