import { z } from 'zod';
import { isCalendarDate } from './common';

/**
 * Optional fields of list and report queries, shared by the history and report calls. Clients send
 * "no filter" as a missing field, null or an empty string (the later client sends all three), so
 * each field reads those as absent before checking what is there.
 */
export function blankToUndefined(value: unknown): unknown {
  return value === null || value === '' ? undefined : value;
}

/** A range whose start is after its end, in the words of the forms that send it. */
export const DATE_RANGE_ERROR = 'The start date must not be after the end date';

/** An optional civil date `YYYY-MM-DD`. */
export function optionalDateField(field: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${field} must be a date (YYYY-MM-DD)` })
      .refine(isCalendarDate, { error: `${field} must be a date (YYYY-MM-DD)` })
      .optional(),
  );
}

/** An optional page number or page size from 1 to `max` (query strings send it as text). */
export function optionalPageField(field: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${field} must be a whole number` })
      .int({ error: `${field} must be a whole number` })
      .min(1, { error: `${field} must be at least 1` })
      .max(max, { error: `${field} must be at most ${max}` })
      .optional(),
  );
}
