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
  return { message: envelope.data.message, issues: envelope.data.issues ?? [] };
}
