import { fairLoad, teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';

/**
 * Lowers the secondary cost of an allocation without changing its coverage: repeatedly moves
 * single units of a class from one teacher to another eligible teacher with room whenever that
 * lowers rank cost + teacher-per-subject cost + overload (first improvement, deterministic order),
 * until no move helps or `maxMoves` evaluations are spent. Mutates and returns `counts`.
 */
export function improveAllocation(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
  maxMoves = 2_000_000,
): ClassCounts {
  const loads = teacherLoads(problem, counts);
  const targets = problem.teachers.map((_, t) => fairLoad(problem, t, share));
  // Units each teacher holds per subject, to know when a teacher joins or leaves a subject.
  const perSubject = problem.teachers.map(() => new Map<string, number>());
  counts.forEach((row, c) =>
    row.forEach((value, t) => {
      const subject = problem.classes[c]?.subject ?? '';
      const map = perSubject[t];
      if (map && value > 0) map.set(subject, (map.get(subject) ?? 0) + value);
    }),
  );
  const { weights } = problem;
  const overload = (t: number, load: number) => weights.overload * Math.max(0, load - (targets[t] ?? 0));
  let moves = 0;
  let improved = true;
  while (improved && moves < maxMoves) {
    improved = false;
    problem.classes.forEach((unitClass, c) => {
      const row = counts[c];
      if (!row) return;
      const eligible = problem.eligible[c] ?? [];
      for (const from of eligible) {
        if ((row[from] ?? 0) === 0) continue;
        for (const to of eligible) {
          if (to === from || (row[from] ?? 0) === 0) continue;
          moves += 1;
          const hours = unitClass.hours;
          const toTeacher = problem.teachers[to];
          const fromTeacher = problem.teachers[from];
          if (!toTeacher || !fromTeacher || (loads[to] ?? 0) + hours > toTeacher.maxHours) continue;
          const rankDelta =
            weights.rank *
            hours *
            ((toTeacher.ranks.get(unitClass.subject) ?? 1) - (fromTeacher.ranks.get(unitClass.subject) ?? 1));
          const leaves = (perSubject[from]?.get(unitClass.subject) ?? 0) === 1 ? -1 : 0;
          const joins = (perSubject[to]?.get(unitClass.subject) ?? 0) === 0 ? 1 : 0;
          const pairDelta = weights.teacherPerSubject * (leaves + joins);
          const loadDelta =
            overload(from, (loads[from] ?? 0) - hours) -
            overload(from, loads[from] ?? 0) +
            overload(to, (loads[to] ?? 0) + hours) -
            overload(to, loads[to] ?? 0);
          if (rankDelta + pairDelta + loadDelta >= -1e-9) continue;
          row[from] = (row[from] ?? 0) - 1;
          row[to] = (row[to] ?? 0) + 1;
          loads[from] = (loads[from] ?? 0) - hours;
          loads[to] = (loads[to] ?? 0) + hours;
          perSubject[from]?.set(unitClass.subject, (perSubject[from]?.get(unitClass.subject) ?? 0) - 1);
          perSubject[to]?.set(unitClass.subject, (perSubject[to]?.get(unitClass.subject) ?? 0) + 1);
          improved = true;
        }
      }
    });
  }
  return counts;
}
