import { z } from 'zod';

/** Opaque URL-safe id of any entity, as it appears in paths and bodies (contract §1.5). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;

/** `YYYY-MM-DD`, the format of session days and deadlines in responses. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Decimal number written as text, as multipart coordinates arrive. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * A required string field whose errors name the field, so the message a client toasts (or a test
 * reads) says which input was wrong even without the issue path.
 */
export function requiredString(field: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
    })
    .trim()
    .min(1, { error: `${field} must not be empty` });
}

/**
 * A required slug field: a non-empty URL-safe id of at most 80 characters.
 */
export function slugField(field: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
    })
    .regex(SLUG_PATTERN, { error: `${field} must be a URL-safe id (1-80 letters, digits, _ or -)` });
}

/**
 * A required list of slugs; `min` is the least number of entries accepted.
 */
export function slugListField(field: string, min = 0) {
  return z
    .array(slugField(`${field} entry`), { error: `${field} must be a list of ids` })
    .min(min, { error: `${field} must contain at least ${min} id${min === 1 ? '' : 's'}` });
}

/**
 * A required boolean field whose errors name the field.
 */
export function booleanField(field: string) {
  return z.boolean({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be true or false`),
  });
}

/** Whether `text` is `YYYY-MM-DD` and a day of the calendar (2026-02-31 is not). */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE_PATTERN.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** `YYYY-MM-DD` in a response. */
export const IsoDateSchema = z.string().regex(ISO_DATE_PATTERN);

/** A spreadsheet download: standard base64 of an .xlsx file (contract §9.13). */
export const ExcelFileSchema = z.object({
  file_content: z.base64(),
  file_name: z.string().min(1),
});
export type ExcelFile = z.infer<typeof ExcelFileSchema>;

/** Branch summary embedded in streams and timetables. */
export const BranchRefSchema = z.object({ branch_name: z.string(), slug: z.string() });
export type BranchRef = z.infer<typeof BranchRefSchema>;

/** A person profile as the original serializers send it. */
export const ProfileSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(['admin', 'teacher', 'student']),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * Path parameters made of one slug, e.g. `slugParams('stream_slug')` for
 * `/manage/get_semesters_from_stream/{stream_slug}`.
 */
export function slugParams<const K extends string>(name: K) {
  const shape = { [name]: slugField(name) } as Record<K, ReturnType<typeof slugField>>;
  return z.object(shape);
}

/** A file answer's body: raw bytes (a WAV, a spreadsheet), never JSON. */
export function bytesSchema(what: string) {
  return z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: `${what} is bytes` });
}
