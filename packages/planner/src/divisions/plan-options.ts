import { divisionName } from './batches';
import type { DivisionPlanInput } from './types';
import { shown } from '../input-shape';

/**
 * Problems with the options of a plan request that `buildProblem` and `batchPolicyIssues` do not
 * see: the time budget, the division names and the `exact` switch. Input from JSON may hold
 * anything: a budget given as text ("2000") was added to the clock as text, leaving no time at all,
 * and repeated names gave a plan two divisions called X.
 */
export function planOptionIssues(input: DivisionPlanInput): string[] {
  const issues: string[] = [];
  const { timeBudgetMs, divisionNames, exact } = input as {
    timeBudgetMs?: unknown;
    divisionNames?: unknown;
    exact?: unknown;
  };
  if (
    timeBudgetMs !== undefined &&
    (typeof timeBudgetMs !== 'number' || !(timeBudgetMs > 0) || !Number.isFinite(timeBudgetMs))
  )
    issues.push(`timeBudgetMs must be a number of milliseconds > 0 (got ${shown(timeBudgetMs)})`);
  if (divisionNames !== undefined) {
    if (
      !Array.isArray(divisionNames) ||
      divisionNames.some((name) => typeof name !== 'string' || name.trim() === '')
    )
      issues.push(`divisionNames must be a list of non-empty names (got ${shown(divisionNames)})`);
    else {
      const repeated = divisionNames.filter((name, index) => divisionNames.indexOf(name) !== index);
      if (repeated.length > 0) issues.push(`divisionNames repeats ${[...new Set(repeated)].join(', ')}`);
      issues.push(...defaultNameClashes(input, divisionNames as string[]));
    }
  }
  if (exact !== undefined && typeof exact !== 'boolean')
    issues.push(`exact must be true or false (got ${shown(exact)})`);
  return issues;
}

/**
 * Divisions past the end of `divisionNames` get the default names (A, B, …, by position): a given
 * name equal to one of those would name two divisions alike (["B"] for three divisions gave B, B, C).
 */
function defaultNameClashes(input: DivisionPlanInput, names: readonly string[]): string[] {
  const { students, maxDivisionSize } = input;
  if (!Array.isArray(students) || !Number.isInteger(maxDivisionSize) || maxDivisionSize < 1) return [];
  const given = new Set(names);
  const issues: string[] = [];
  for (let position = names.length; position < Math.ceil(students.length / maxDivisionSize); position += 1) {
    const fallback = divisionName(position);
    if (given.has(fallback))
      issues.push(
        `divisionNames gives ${fallback} to an earlier division, but division ${position + 1} has no name and would be called ${fallback} too`,
      );
  }
  return issues;
}
