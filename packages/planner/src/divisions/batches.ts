import type { BatchPolicy } from '../model';

/** The original product's batch rule: one batch up to 34 students, otherwise batches of at most 24. */
export const DEFAULT_BATCH_POLICY: Required<BatchPolicy> = { singleBatchMax: 34, batchSize: 24 };

/** Number of lab batches for n students under a policy. */
export function batchCount(students: number, policy: BatchPolicy = {}): number {
  const { singleBatchMax, batchSize } = { ...DEFAULT_BATCH_POLICY, ...policy };
  if (students === 0) return 0;
  if (students <= singleBatchMax) return 1;
  return Math.ceil(students / batchSize);
}

/**
 * Cuts an ordered student list into `prefix1, prefix2, …` batches of near-equal size (the first
 * n mod k batches get one extra student), as consecutive slices so batch membership follows the
 * order the caller chose (enrolment order in the planner). An empty list yields no batch.
 */
export function splitIntoBatches(
  prefix: string,
  students: readonly string[],
  policy: BatchPolicy = {},
): { name: string; students: string[] }[] {
  const count = batchCount(students.length, policy);
  const base = Math.floor(students.length / Math.max(1, count));
  const extra = students.length % Math.max(1, count);
  const batches: { name: string; students: string[] }[] = [];
  let start = 0;
  for (let index = 0; index < count; index += 1) {
    const size = base + (index < extra ? 1 : 0);
    batches.push({ name: `${prefix}${index + 1}`, students: students.slice(start, start + size) });
    start += size;
  }
  return batches;
}

/**
 * Upper-case initials of the words of a subject name ("Machine Learning" → "ML"); words that do
 * not start with a letter (numbers, punctuation) are skipped, as in the original product.
 */
export function subjectInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** Default division names: A, B, …, Z, AA, AB, … */
export function divisionName(index: number): string {
  let name = '';
  let rest = index;
  do {
    name = String.fromCharCode(65 + (rest % 26)) + name;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return name;
}

/** Validates a batch policy and returns its problems (empty when usable). */
export function batchPolicyIssues(policy: BatchPolicy = {}): string[] {
  const { singleBatchMax, batchSize } = { ...DEFAULT_BATCH_POLICY, ...policy };
  const issues: string[] = [];
  if (!Number.isInteger(singleBatchMax) || singleBatchMax < 1)
    issues.push('singleBatchMax must be a positive integer');
  if (!Number.isInteger(batchSize) || batchSize < 1) issues.push('batchSize must be a positive integer');
  return issues;
}
