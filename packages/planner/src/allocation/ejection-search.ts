import { HandOverState } from './hand-over-state';
import type { HandOver } from './hand-over-state';
import type { AllocationProblem, ClassCounts } from './problem';

/** Limits of {@link improveByEjections}. */
export interface EjectionLimits {
  readonly deadline: number;
  readonly now: () => number;
}

/**
 * Lowers the secondary cost by two-step ejections: teacher a hands one unit of class c to teacher b,
 * who lacks the room for it and hands one unit of another class e, at least as long as what is
 * missing, to teacher d with room. Unlike the cycles (cycle-search.ts) the two units may differ in
 * length, which is what a nearly full staff needs to trade a 3-hour theory for a 2-hour practical:
 * at 150 teachers it takes the LP rounding from 1,066 to 1,016-1,018 (mostly rank cost). Each chain is
 * priced exactly (HandOverState) after a cheap filter: its rank and overload change must be below what
 * leaving subjects can save. First improvement in a fixed order; deterministic unless the deadline
 * cuts it. Mutates and returns `counts`.
 */
export function improveByEjections(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
  limits: EjectionLimits,
): ClassCounts {
  const state = new HandOverState(problem, counts, share);
  // Two hand-overs can make at most two teachers leave a subject.
  const mostPairSaving = 2 * problem.weights.teacherPerSubject;
  const hours = problem.classes.map((unitClass) => unitClass.hours);
  let improved = true;
  while (improved && limits.now() < limits.deadline) {
    improved = false;
    for (let c = 0; c < problem.classes.length; c += 1) {
      if (limits.now() >= limits.deadline) break;
      const eligible = problem.eligible[c] ?? [];
      for (const a of eligible) {
        for (const b of eligible) {
          if (b === a || (counts[c]?.[a] ?? 0) === 0) continue;
          const missing = (hours[c] ?? 0) - state.room(b);
          // With room, it is a single move: the local search's.
          if (missing <= 0) continue;
          const first = state.rankCost(b, c) - state.rankCost(a, c);
          const chain = bestEjection(problem, state, c, a, b, missing, first, mostPairSaving);
          if (chain) {
            state.apply(chain);
            improved = true;
          }
        }
      }
    }
  }
  return counts;
}

/** The first improving second step for a → b (unit of class c), or null. */
function bestEjection(
  problem: AllocationProblem,
  state: HandOverState,
  c: number,
  a: number,
  b: number,
  missing: number,
  firstRankDelta: number,
  mostPairSaving: number,
): HandOver[] | null {
  const { counts } = state;
  const firstHours = problem.classes[c]?.hours ?? 0;
  for (let e = 0; e < problem.classes.length; e += 1) {
    const secondHours = problem.classes[e]?.hours ?? 0;
    if (e === c || (counts[e]?.[b] ?? 0) === 0 || secondHours < missing) continue;
    for (const d of problem.eligible[e] ?? []) {
      if (d === b) continue;
      // a's room grows by the unit it gave away.
      if (state.room(d) + (d === a ? firstHours : 0) < secondHours) continue;
      const rankDelta = firstRankDelta + state.rankCost(d, e) - state.rankCost(b, e);
      // Overload can only fall by what a and b give away; a bound, so the exact price is rarely needed.
      const overloadSaving = problem.weights.overload * (firstHours + secondHours);
      if (rankDelta - mostPairSaving - overloadSaving >= 0) continue;
      const chain: HandOver[] = [
        { unitClass: c, from: a, to: b },
        { unitClass: e, from: b, to: d },
      ];
      if (state.delta(chain) < -1e-9) return chain;
    }
  }
  return null;
}
