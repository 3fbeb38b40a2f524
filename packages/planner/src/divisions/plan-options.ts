import type { DivisionPlanInput } from './types';

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
    issues.push(`timeBudgetMs must be a number of milliseconds > 0 (got ${JSON.stringify(timeBudgetMs)})`);
  if (divisionNames !== undefined) {
    if (
      !Array.isArray(divisionNames) ||
      divisionNames.some((name) => typeof name !== 'string' || name.trim() === '')
    )
      issues.push(`divisionNames must be a list of non-empty names (got ${JSON.stringify(divisionNames)})`);
    else {
      const repeated = divisionNames.filter((name, index) => divisionNames.indexOf(name) !== index);
      if (repeated.length > 0) issues.push(`divisionNames repeats ${[...new Set(repeated)].join(', ')}`);
    }
  }
  if (exact !== undefined && typeof exact !== 'boolean')
    issues.push(`exact must be true or false (got ${JSON.stringify(exact)})`);
  return issues;
}
