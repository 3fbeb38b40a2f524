import type { DivisionProblem } from '../problem';
import type { Pattern } from './pricing';

/** The electives a pattern needs, as a sorted list (a division "type"). */
export function typeOf(problem: DivisionProblem, pattern: Pattern): number[] {
  const used = new Set<number>();
  for (const g of pattern.groups) for (const e of problem.groupElectives[g] ?? []) used.add(e);
  return [...used].sort((a, b) => a - b);
}

/** Groups whose electives all belong to `type` (they may sit in a division of that type). */
export function compatibleGroups(problem: DivisionProblem, type: readonly number[]): number[] {
  const inType = new Set(type);
  const groups: number[] = [];
  problem.groupElectives.forEach((list, g) => {
    if (list.every((e) => inType.has(e))) groups.push(g);
  });
  return groups;
}
