import type { z } from 'zod';
import type { FieldIssue } from './envelope';

/**
 * Flattens a zod error into the error envelope's `issues` list: one entry per problem, with the
 * dotted path of the offending field (`subject_choices.0`) and its message.
 */
export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * One sentence for a toast: the first problem's message, which already names the field (every
 * request schema writes its messages that way), plus a count of any further problems.
 */
export function describeValidationError(error: z.ZodError): string {
  const [first, ...rest] = issuesOf(error);
  if (!first) return 'Some of the information sent is not valid';
  const head =
    first.message.includes(first.path) || first.path === ''
      ? first.message
      : `${first.path}: ${first.message}`;
  return rest.length === 0
    ? head
    : `${head} (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})`;
}
