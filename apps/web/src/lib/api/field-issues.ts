import { ErrorEnvelopeSchema, issuesOf, type FieldIssue } from '@rollbook/contract';
import type { z } from 'zod';
import { isApiError } from './api-error';

/** Field path (`campus.latitude`) → the first problem with it, for showing beside each field. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field path of a list of issues. */
export function fieldErrorsOf(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

/**
 * Checks a form's body with the call's own request schema (the one the server applies), so the
 * page shows the server's sentences beside the fields before anything is sent.
 */
export function checkBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { ok: true; body: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: fieldErrorsOf(issuesOf(parsed.error)) };
}

/** The field problems a server's error envelope names (none when it names no field). */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const envelope = ErrorEnvelopeSchema.safeParse(error.body);
  return envelope.success ? fieldErrorsOf(envelope.data.issues ?? []) : {};
}
