import { balancedTargets } from './problem';
import type { Counts, DivisionProblem } from './problem';

/**
 * A second greedy start for the local search, built division by division around what each division
 * teaches (issue 20). The size-first start (`construct` in heuristic.ts) places the largest groups
 * first and lets small groups fall where they add the fewest hours; when choices scatter (two slots
 * of six options, one student per pair) that leaves every division teaching most electives, and no
 * move of one group repairs it: on that grid it ends at 32 elective sections where four 3 × 3 blocks
 * need 24. Here each division grows a taught set one elective at a time, taking the elective that
 * completes the most waiting students per hour, until the set holds the division's size; it then
 * takes the students its set holds, those whose electives the fewest waiting students share first.
 * Deterministic: ties go to the lower index. Returns null when `deadline` (a `performance.now()`
 * value) passes before every division is built.
 */
export function coverConstruction(problem: DivisionProblem, deadline = Infinity): Counts | null {
  const { groups, groupElectives, electiveGroups, divisionCount: D, studentCount: N } = problem;
  const counts: Counts = groups.map(() => new Array<number>(D).fill(0));
  const waiting = groups.map((group) => group.size);
  const waitingByElective = electiveGroups.map((list) =>
    list.reduce((sum, g) => sum + (groups[g]?.size ?? 0), 0),
  );
  const targets = balancedTargets(N, D);
  for (let d = 0; d < D; d += 1) {
    if (performance.now() > deadline) return null;
    const target = targets[d] ?? 0;
    const held = takenBy(
      problem,
      growTaughtSet(problem, waiting, target),
      waiting,
      waitingByElective,
      target,
    );
    for (const [g, amount] of held) {
      const row = counts[g];
      if (row) row[d] = amount;
      waiting[g] = (waiting[g] ?? 0) - amount;
      for (const e of groupElectives[g] ?? []) waitingByElective[e] = (waitingByElective[e] ?? 0) - amount;
    }
  }
  return counts;
}

/**
 * Grows a taught set until the waiting students it holds reach `target` (or nothing is left to add):
 * it starts from the electives of the largest waiting group, then adds the elective that completes
 * the most waiting students per hour, or, when none completes any, the one that brings the most
 * waiting students closer to complete per hour.
 */
function growTaughtSet(problem: DivisionProblem, waiting: readonly number[], target: number): boolean[] {
  const { groupElectives, electiveGroups, electiveHours } = problem;
  const taught = electiveHours.map(() => false);
  // missing[g]: electives of g not taught yet.
  const missing = groupElectives.map((list) => list.length);
  let heldStudents = 0;
  const teach = (e: number) => {
    taught[e] = true;
    for (const g of electiveGroups[e] ?? []) {
      missing[g] = (missing[g] ?? 0) - 1;
      if (missing[g] === 0) heldStudents += waiting[g] ?? 0;
    }
  };
  let seed = -1;
  waiting.forEach((amount, g) => {
    if (amount > 0 && (seed < 0 || amount > (waiting[seed] ?? 0))) seed = g;
  });
  if (seed < 0) return taught;
  waiting.forEach((amount, g) => {
    if (amount > 0 && missing[g] === 0) heldStudents += amount;
  });
  for (const e of groupElectives[seed] ?? []) teach(e);
  while (heldStudents < target) {
    let best = -1;
    let bestCompleted = 0;
    let bestCloser = 0;
    let bestCost = 1;
    electiveHours.forEach((hours, e) => {
      if (taught[e]) return;
      let completed = 0;
      let closer = 0;
      for (const g of electiveGroups[e] ?? []) {
        const amount = waiting[g] ?? 0;
        if (amount === 0) continue;
        if (missing[g] === 1) completed += amount;
        else closer += amount / (missing[g] ?? 1);
      }
      if (completed === 0 && closer === 0) return;
      // Free electives (0 h) compare as nearly free, so the ratio stays defined.
      const cost = Math.max(hours, 1e-9);
      const better =
        best < 0 ||
        completed * bestCost > bestCompleted * cost ||
        (completed * bestCost === bestCompleted * cost && closer * bestCost > bestCloser * cost);
      if (better) {
        best = e;
        bestCompleted = completed;
        bestCloser = closer;
        bestCost = cost;
      }
    });
    if (best < 0) break;
    teach(best);
  }
  return taught;
}

/**
 * The students a division takes: first the waiting groups its taught set holds, those whose
 * electives the fewest other waiting students share first (they are the hardest to place later),
 * then, if the set holds too few, the groups that add the fewest hours to it. The balanced targets
 * add up to N, so the last division's target is exactly the students left.
 */
function takenBy(
  problem: DivisionProblem,
  taught: readonly boolean[],
  waiting: readonly number[],
  waitingByElective: readonly number[],
  target: number,
): [number, number][] {
  const { groupElectives, electiveHours } = problem;
  const candidates = waiting.flatMap((amount, g) => (amount > 0 ? [g] : []));
  const added = new Map<number, number>();
  const scarce = new Map<number, number>();
  for (const g of candidates) {
    let hours = 0;
    let scarcity = 0;
    for (const e of groupElectives[g] ?? []) {
      if (!taught[e]) hours += electiveHours[e] ?? 0;
      scarcity += (electiveHours[e] ?? 0) / Math.max(1, waitingByElective[e] ?? 1);
    }
    added.set(g, hours);
    scarce.set(g, scarcity);
  }
  candidates.sort(
    (a, b) =>
      (added.get(a) ?? 0) - (added.get(b) ?? 0) || (scarce.get(b) ?? 0) - (scarce.get(a) ?? 0) || a - b,
  );
  const taken: [number, number][] = [];
  let room = target;
  for (const g of candidates) {
    if (room === 0) break;
    const amount = Math.min(room, waiting[g] ?? 0);
    taken.push([g, amount]);
    room -= amount;
  }
  return taken;
}
