import type { AllocationProblem, ClassCounts } from './problem';

function lexicographicallyLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return false;
}

/**
 * Greedy allocation used as the warm start and as the fallback when the solver cannot run:
 * units of the scarcest classes (fewest eligible teachers) first, larger units first; each goes
 * to the teacher with room who already teaches the subject, then the best rank, the lowest
 * utilisation, the highest seniority and finally the slug. Deterministic; never exceeds a maximum.
 */
export function greedyAllocation(problem: AllocationProblem): ClassCounts {
  const counts = problem.classes.map(() => problem.teachers.map(() => 0));
  const loads = problem.teachers.map(() => 0);
  const teaches = problem.teachers.map(() => new Set<string>());
  const order = problem.classes
    .map((_, c) => c)
    .sort(
      (a, b) =>
        (problem.eligible[a]?.length ?? 0) - (problem.eligible[b]?.length ?? 0) ||
        (problem.classes[b]?.hours ?? 0) - (problem.classes[a]?.hours ?? 0) ||
        a - b,
    );
  for (const c of order) {
    const unitClass = problem.classes[c];
    if (!unitClass) continue;
    for (let unit = 0; unit < unitClass.units.length; unit += 1) {
      let best = -1;
      let bestKey: number[] = [];
      for (const t of problem.eligible[c] ?? []) {
        const teacher = problem.teachers[t];
        if (!teacher || (loads[t] ?? 0) + unitClass.hours > teacher.maxHours) continue;
        const key = [
          teaches[t]?.has(unitClass.subject) ? 0 : 1,
          teacher.ranks.get(unitClass.subject) ?? Infinity,
          teacher.maxHours > 0 ? (loads[t] ?? 0) / teacher.maxHours : 1,
          -teacher.seniority,
        ];
        const better = best < 0 || lexicographicallyLess(key, bestKey);
        if (better) {
          best = t;
          bestKey = key;
        }
      }
      if (best < 0) break;
      const row = counts[c];
      if (row) row[best] = (row[best] ?? 0) + 1;
      loads[best] = (loads[best] ?? 0) + unitClass.hours;
      teaches[best]?.add(unitClass.subject);
    }
  }
  return counts;
}
