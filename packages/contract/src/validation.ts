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
 * One sentence for a toast: the first problem (prefixed with its field unless the message already
 * names it, as every request schema's messages do), plus a count of any further problems.
 */
export function describeIssues(issues: readonly FieldIssue[]): string {
  const [first, ...rest] = issues;
  if (!first) return 'Some of the information sent is not valid';
  const head =
    first.message.includes(first.path) || first.path === ''
      ? first.message
      : `${first.path}: ${first.message}`;
  return rest.length === 0
    ? head
    : `${head} (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})`;
}
