import { teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';

/** Limits of {@link repairCoverage}. */
export interface RepairLimits {
  /** How many units may be moved along one chain to make room (1 = only a direct placement). */
  readonly maxDepth: number;
  /** `now()` time to stop by. */
  readonly deadline: number;
  /** The clock of `deadline` (default `performance.now`). */
  readonly now?: () => number;
}

/**
 * Raises the coverage of an allocation by ejection chains: each unit still unallocated goes to an
 * eligible teacher with room, or else to a teacher who makes room by handing one of their units
 * to another eligible teacher (who may in turn hand one on, up to `maxDepth` moves). Every step
 * keeps every maximum, so the result is as valid as the input and covers at least as many hours.
 * When it reaches the coverage bound, coverage is proven without the solver: the greedy left
 * 96 of 2,633 h uncovered at 150 teachers, which cost the MIP most of a 1 s budget to find.
 * Deterministic (fixed orders, no randomness) unless the deadline cuts it. Mutates `counts`.
 */
export function repairCoverage(
  problem: AllocationProblem,
  counts: ClassCounts,
  limits: RepairLimits,
): ClassCounts {
  const now = limits.now ?? (() => performance.now());
  const loads = teacherLoads(problem, counts);
  const room = (t: number) => (problem.teachers[t]?.maxHours ?? 0) - (loads[t] ?? 0);
  const hoursOf = (c: number) => problem.classes[c]?.hours ?? 0;
  // Classes each teacher holds units of, for finding what they could hand on.
  const held = problem.teachers.map(() => new Set<number>());
  counts.forEach((row, c) => row.forEach((value, t) => value > 0 && held[t]?.add(c)));
  const give = (c: number, t: number, delta: number) => {
    const row = counts[c];
    if (!row) return;
    row[t] = (row[t] ?? 0) + delta;
    loads[t] = (loads[t] ?? 0) + delta * hoursOf(c);
    if ((row[t] ?? 0) > 0) held[t]?.add(c);
    else held[t]?.delete(c);
  };
  const onPath = new Set<number>();
  // Teachers who want the subject most are tried first, so the repair adds little rank cost.
  const byRank = problem.eligible.map((eligible, c) => {
    const subject = problem.classes[c]?.subject ?? '';
    const rank = (t: number) => problem.teachers[t]?.ranks.get(subject) ?? Infinity;
    return [...eligible].sort((a, b) => rank(a) - rank(b) || a - b);
  });

  // Places one unit of class c on a teacher not on the current chain, ejecting if needed.
  const place = (c: number, depth: number): boolean => {
    const hours = hoursOf(c);
    const eligible = byRank[c] ?? [];
    for (const t of eligible) {
      if (!onPath.has(t) && room(t) >= hours) {
        give(c, t, 1);
        return true;
      }
    }
    if (depth <= 1 || now() >= limits.deadline) return false;
    for (const t of eligible) {
      if (onPath.has(t)) continue;
      const missing = hours - room(t);
      onPath.add(t);
      for (const other of [...(held[t] ?? [])].sort((a, b) => a - b)) {
        if (other === c || hoursOf(other) < missing) continue;
        give(other, t, -1);
        if (place(other, depth - 1)) {
          give(c, t, 1);
          onPath.delete(t);
          return true;
        }
        give(other, t, 1);
      }
      onPath.delete(t);
    }
    return false;
  };

  const order = problem.classes
    .map((_, c) => c)
    .sort(
      (a, b) =>
        hoursOf(b) - hoursOf(a) ||
        (problem.eligible[a]?.length ?? 0) - (problem.eligible[b]?.length ?? 0) ||
        a - b,
    );
  for (let depth = 1; depth <= limits.maxDepth; depth += 1) {
    for (const c of order) {
      const supply = problem.classes[c]?.units.length ?? 0;
      const given = () => (counts[c] ?? []).reduce((sum, value) => sum + value, 0);
      while (given() < supply && now() < limits.deadline && place(c, depth)) {
        // placed one more unit of c
      }
    }
  }
  return counts;
}
