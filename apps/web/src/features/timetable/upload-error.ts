import { ErrorEnvelopeSchema, type FieldIssue } from '@rollbook/contract';
import { isApiError } from '../../lib/api/api-error';
import { TIMETABLE_TEXT } from './timetable-text';

/** What the form shows after a failed upload: a sentence and, for a rejected file, its problems. */
export interface UploadFailure {
  message: string;
  issues: FieldIssue[];
}

/**
 * Reads a failed upload: the server's `message` and `issues` list from the error envelope (a 400
 * for a bad file). Without an envelope (no answer, a proxy's page) the request itself failed and
 * the spec's "File upload failed. See console for more information." applies.
 */
export function uploadFailure(error: unknown): UploadFailure {
  const envelope = ErrorEnvelopeSchema.safeParse(isApiError(error) ? error.body : null);
  if (!envelope.success) return { message: TIMETABLE_TEXT.uploadFailed, issues: [] };
  const issues = envelope.data.issues ?? [];
  return { message: withoutFirstIssue(envelope.data.message, issues[0]), issues };
}

/**
 * The server's summary ends with its first problem ("… First: row 4: …") for clients that show
 * only the message; this form lists every problem under it, so that tail would say it twice.
 */
function withoutFirstIssue(message: string, first: FieldIssue | undefined): string {
  if (!first) return message;
  const tail = ` First: ${first.path}: ${first.message}`;
  return message.endsWith(tail) ? message.slice(0, -tail.length) : message;
}

/** Whether the picker (or a drop) handed over a file the server can read: .csv or .xlsx. */
export function isTimetableFileName(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name);
}
