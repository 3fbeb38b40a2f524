import { coverConstruction } from './cover-construction';
import { compareScores, scoreAssignment } from './evaluate';
import { balancedTargets } from './problem';
import type { Counts, DivisionProblem } from './problem';

/** Limits of {@link heuristicAssignment}; the work limit keeps the result machine-independent. */
export interface HeuristicLimits {
  /** Stop improving after this many evaluated moves per start (default 4 million; two starts may run). */
  readonly maxMoves?: number;
  /** Safety net: stop at this wall-clock deadline (`performance.now()` value). */
  readonly deadline?: number;
  /**
   * Skip the size-first start when the grown start completes (default false): for the Lagrangian
   * search, whose time goes to the bound, and where the grown start was the better one on every
   * scale instance (1,200 tracked students: 1,725 h against 1,806 h).
   */
  readonly grownOnly?: boolean;
}

interface Change {
  readonly group: number;
  readonly division: number;
  readonly delta: number;
}

/** Mutable search state with per-division elective head counts for O(|electives of g|) updates. */
class SearchState {
  readonly counts: Counts;
  readonly sizes: number[];
  /** electiveCount[e][d]: students taking elective e in division d. */
  readonly electiveCount: number[][];
  /** memberSets[d]: groups with students in division d (kept by `apply`, so `members` need not scan every group). */
  private readonly memberSets: Set<number>[];
  hours = 0;
  pieces = 0;

  constructor(
    private readonly problem: DivisionProblem,
    readonly low: number,
    readonly high: number,
  ) {
    const D = problem.divisionCount;
    this.counts = problem.groups.map(() => new Array<number>(D).fill(0));
    this.sizes = new Array<number>(D).fill(0);
    this.electiveCount = problem.electives.map(() => new Array<number>(D).fill(0));
    this.memberSets = Array.from({ length: D }, () => new Set<number>());
  }

  /** Applies changes and returns the change in (hours, pieces). */
  apply(changes: readonly Change[]): { hours: number; pieces: number } {
    let hours = 0;
    let pieces = 0;
    for (const { group, division, delta } of changes) {
      const row = this.counts[group];
      if (!row) continue;
      const before = row[division] ?? 0;
      row[division] = before + delta;
      pieces += Number(before + delta > 0) - Number(before > 0);
      if (before === 0 && delta > 0) this.memberSets[division]?.add(group);
      else if (before > 0 && before + delta === 0) this.memberSets[division]?.delete(group);
      this.sizes[division] = (this.sizes[division] ?? 0) + delta;
      for (const e of this.problem.groupElectives[group] ?? []) {
        const counts = this.electiveCount[e];
        if (!counts) continue;
        const old = counts[division] ?? 0;
        counts[division] = old + delta;
        hours += (Number(old + delta > 0) - Number(old > 0)) * (this.problem.electiveHours[e] ?? 0);
      }
    }
    this.hours += hours;
    this.pieces += pieces;
    return { hours, pieces };
  }

  spread(): number {
    let min = Infinity;
    let max = -Infinity;
    for (const size of this.sizes) {
      if (size < min) min = size;
      if (size > max) max = size;
    }
    return this.sizes.length > 0 ? max - min : 0;
  }

  /** Whether taking `amount` students of group g out of division d stops some elective there. */
  removesElective(group: number, division: number, amount: number): boolean {
    for (const e of this.problem.groupElectives[group] ?? []) {
      if ((this.electiveCount[e]?.[division] ?? 0) === amount) return true;
    }
    return false;
  }

  /** Groups with students in division d (a snapshot), in index order. */
  members(division: number): number[] {
    return this.unorderedMembers(division).sort((a, b) => a - b);
  }

  /** Groups with students in division d (a snapshot), in no particular order. */
  unorderedMembers(division: number): number[] {
    return Array.from(this.memberSets[division] ?? []);
  }

  /**
   * Whether the divisions `changes` touch would leave the size window. A cheap test before
   * applying a move: such a move is rejected anyway, and most exchanges of unequal pieces are.
   */
  leavesWindow(changes: readonly Change[]): boolean {
    for (const { division } of changes) {
      let size = this.sizes[division] ?? 0;
      for (const other of changes) if (other.division === division) size += other.delta;
      if (size < this.low || size > this.high) return true;
    }
    return false;
  }

  /** Hours added if group g joined division d now. */
  addedHours(group: number, division: number): number {
    let added = 0;
    for (const e of this.problem.groupElectives[group] ?? []) {
      if ((this.electiveCount[e]?.[division] ?? 0) === 0) added += this.problem.electiveHours[e] ?? 0;
    }
    return added;
  }
}

function invert(changes: readonly Change[]): Change[] {
  return changes.map((change) => ({ ...change, delta: -change.delta })).reverse();
}

/** Size window for the heuristic: contains the balanced targets and respects the spread limit. */
function sizeWindow(problem: DivisionProblem): { low: number; high: number } {
  const { studentCount: N, divisionCount: D, spreadLimit } = problem;
  const low = Math.max(problem.sizeLow, Math.floor(N / D) - Math.floor(spreadLimit / 2));
  return { low, high: Math.min(problem.sizeHigh, low + spreadLimit) };
}

/** Greedy start: largest groups first into balanced target sizes, preferring whole placements. */
function construct(state: SearchState, problem: DivisionProblem): void {
  const D = problem.divisionCount;
  const targets = balancedTargets(problem.studentCount, D);
  problem.groups.forEach((group, g) => {
    let remaining = group.size;
    while (remaining > 0) {
      let best = -1;
      let bestKey: [number, number, number] = [Infinity, Infinity, Infinity];
      for (let d = 0; d < D; d += 1) {
        const free = (targets[d] ?? 0) - (state.sizes[d] ?? 0);
        if (free <= 0) continue;
        const fits = free >= remaining;
        const key: [number, number, number] = [fits ? 0 : 1, state.addedHours(g, d), fits ? free : -free];
        if (
          key[0] < bestKey[0] ||
          (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))
        ) {
          best = d;
          bestKey = key;
        }
      }
      if (best < 0) throw new Error('heuristic: no room left although sizes sum to N');
      const placed = Math.min(remaining, (targets[best] ?? 0) - (state.sizes[best] ?? 0));
      state.apply([{ group: g, division: best, delta: placed }]);
      remaining -= placed;
    }
  });
}

interface Budget {
  moves: number;
  /** Checks and moves since the clock was last read. */
  checksSinceRead: number;
  movesAtRead: number;
  expired: boolean;
  readonly maxMoves: number;
  readonly deadline: number;
}

// The clock is read once 16 checks or 16 moves have passed since the last read, and never without a
// deadline: the deadline is a safety net, and under the benches' CPU clock (a system call) reading
// it on every check cost about as much as the move it guards. Checks come once per group, which
// can try many moves, so the moves count too: one group's work never runs long past the deadline.
const CLOCK_STRIDE = 16;
function exhausted(budget: Budget): boolean {
  if (budget.moves >= budget.maxMoves || budget.expired) return true;
  if (budget.deadline === Infinity) return false;
  budget.checksSinceRead += 1;
  if (budget.checksSinceRead < CLOCK_STRIDE && budget.moves - budget.movesAtRead < CLOCK_STRIDE) return false;
  budget.checksSinceRead = 0;
  budget.movesAtRead = budget.moves;
  // Once past, stays past: every loop sees the same answer.
  if (performance.now() >= budget.deadline) budget.expired = true;
  return budget.expired;
}

/** Applies a move and keeps it when (hours, pieces, spread) improves lexicographically. */
function attempt(state: SearchState, changes: readonly Change[], budget: Budget): boolean {
  budget.moves += 1;
  // The same decision as applying the move and testing every size, without the apply and undo.
  if (state.leavesWindow(changes)) return false;
  const delta = state.apply(changes);
  const sizesOk = state.sizes.every((size) => size >= state.low && size <= state.high);
  const better =
    sizesOk &&
    (delta.hours < 0 ||
      (delta.hours === 0 &&
        (delta.pieces < 0 || (delta.pieces === 0 && state.spread() < spreadBefore(state, changes)))));
  if (!better) state.apply(invert(changes));
  return better;
}

/** The size spread before `changes` were applied (computed only when a tie needs it). */
function spreadBefore(state: SearchState, changes: readonly Change[]): number {
  let min = Infinity;
  let max = -Infinity;
  state.sizes.forEach((size, d) => {
    let before = size;
    for (const change of changes) if (change.division === d) before -= change.delta;
    if (before < min) min = before;
    if (before > max) max = before;
  });
  return state.sizes.length > 0 ? max - min : 0;
}

/** One pass of piece moves and pairwise exchanges; returns whether anything improved. */
function pairwisePass(state: SearchState, problem: DivisionProblem, budget: Budget): boolean {
  const D = problem.divisionCount;
  let improved = false;
  const members = Array.from({ length: D }, (_, d) => state.members(d));
  for (let g = 0; g < problem.groups.length && !exhausted(budget); g += 1) {
    for (let d1 = 0; d1 < D; d1 += 1) {
      for (let d2 = 0; d2 < D && (state.counts[g]?.[d1] ?? 0) > 0; d2 += 1) {
        if (d2 === d1) continue;
        const q = state.counts[g]?.[d1] ?? 0;
        if (
          attempt(
            state,
            [
              { group: g, division: d1, delta: -q },
              { group: g, division: d2, delta: q },
            ],
            budget,
          )
        ) {
          improved = true;
          members[d2]?.push(g);
          break;
        }
        // Rebalance a group present in both divisions (sizes only).
        const gap = Math.floor(((state.sizes[d1] ?? 0) - (state.sizes[d2] ?? 0)) / 2);
        if ((state.counts[g]?.[d2] ?? 0) > 0 && gap > 0 && gap < q) {
          const shift = [
            { group: g, division: d1, delta: -gap },
            { group: g, division: d2, delta: gap },
          ];
          if (attempt(state, shift, budget)) improved = true;
          continue;
        }
        // An exchange can only gain when one side stops an elective or merges into its own group.
        const gSideGains = state.removesElective(g, d1, q) || (state.counts[g]?.[d2] ?? 0) > 0;
        for (const h of members[d2] ?? []) {
          const other = h === g ? 0 : (state.counts[h]?.[d2] ?? 0);
          if (other === 0) continue;
          // Unchanged while h's exchanges are tried: a rejected exchange is undone.
          const hInD1 = (state.counts[h]?.[d1] ?? 0) > 0;
          // Bring back q of h's students (when h has more), then all of them.
          for (let back = other > q ? q : other; ; back = other) {
            // Taking back fewer than all of h's students never stops an elective in d2 (every
            // elective of h has at least `other` students there), so only a full piece can.
            const hSideGains = hInD1 || (back === other && state.removesElective(h, d2, back));
            if (gSideGains || hSideGains) {
              const swap = [
                { group: g, division: d1, delta: -q },
                { group: g, division: d2, delta: q },
                { group: h, division: d2, delta: -back },
                { group: h, division: d1, delta: back },
              ];
              if (attempt(state, swap, budget)) {
                improved = true;
                members[d1]?.push(h);
                members[d2]?.push(g);
                break;
              }
            }
            if (back === other) break;
          }
          if ((state.counts[g]?.[d1] ?? 0) !== q) break;
        }
      }
    }
  }
  return improved;
}

/**
 * Tries to stop teaching elective e in division d: every piece taking e moves to the division
 * already teaching e where it adds the fewest hours, and the same number of students come back
 * from there, chosen among groups whose electives d already teaches. Single moves cannot find
 * this because the hours only drop when the last student of e leaves d.
 */
function evacuate(
  state: SearchState,
  problem: DivisionProblem,
  e: number,
  d: number,
  budget: Budget,
): boolean {
  const applied: Change[] = [];
  const move = (changes: Change[]) => {
    applied.push(...changes);
    return state.apply(changes);
  };
  let hours = 0;
  let pieces = 0;
  for (const g of problem.electiveGroups[e] ?? []) {
    const q = state.counts[g]?.[d] ?? 0;
    if (q === 0) continue;
    let target = -1;
    let targetCost = Infinity;
    for (let other = 0; other < problem.divisionCount; other += 1) {
      if (other === d || (state.electiveCount[e]?.[other] ?? 0) === 0) continue;
      const cost = state.addedHours(g, other);
      if (cost < targetCost) {
        target = other;
        targetCost = cost;
      }
    }
    if (target < 0) break;
    let delta = move([
      { group: g, division: d, delta: -q },
      { group: g, division: target, delta: q },
    ]);
    hours += delta.hours;
    pieces += delta.pieces;
    let owed = q;
    // Students come back from target's groups not taking e, those adding the fewest hours to d
    // first (then the lower index), with costs as they stand now. Picked one at a time: usually
    // one or two fill the place, so sorting them all cost more than the picks.
    const candidates: number[] = [];
    const costs: number[] = [];
    for (const h of state.unorderedMembers(target)) {
      if (h === g || (problem.groupElectives[h] ?? []).includes(e)) continue;
      candidates.push(h);
      costs.push(state.addedHours(h, d));
    }
    while (owed > 0) {
      let pick = -1;
      candidates.forEach((h, i) => {
        if (h < 0) return;
        const cost = costs[i] ?? 0;
        const best = costs[pick] ?? 0;
        if (pick < 0 || cost < best || (cost === best && h < (candidates[pick] ?? 0))) pick = i;
      });
      if (pick < 0) break;
      const h = candidates[pick] ?? 0;
      candidates[pick] = -1;
      const take = Math.min(owed, state.counts[h]?.[target] ?? 0);
      delta = move([
        { group: h, division: target, delta: -take },
        { group: h, division: d, delta: take },
      ]);
      hours += delta.hours;
      pieces += delta.pieces;
      owed -= take;
    }
    if (owed > 0) break;
  }
  budget.moves += 1;
  const keep =
    (state.electiveCount[e]?.[d] ?? 0) === 0 &&
    state.sizes.every((size) => size >= state.low && size <= state.high) &&
    (hours < 0 || (hours === 0 && pieces < 0));
  if (!keep) state.apply(invert(applied));
  return keep;
}

function evacuationPass(state: SearchState, problem: DivisionProblem, budget: Budget): boolean {
  // Smallest presences first: they are the cheapest to remove.
  const targets: [number, number, number][] = [];
  problem.electives.forEach((_, e) => {
    for (let d = 0; d < problem.divisionCount; d += 1) {
      const count = state.electiveCount[e]?.[d] ?? 0;
      if (count > 0 && count < (problem.electiveStudents[e] ?? 0)) targets.push([count, e, d]);
    }
  });
  targets.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  let improved = false;
  for (const [, e, d] of targets) {
    if (exhausted(budget)) break;
    if ((state.electiveCount[e]?.[d] ?? 0) > 0 && evacuate(state, problem, e, d, budget)) improved = true;
  }
  return improved;
}

function localSearch(state: SearchState, problem: DivisionProblem, limits: HeuristicLimits): void {
  const budget: Budget = {
    moves: 0,
    // The first check reads the clock: a search may start past its deadline.
    checksSinceRead: CLOCK_STRIDE,
    movesAtRead: 0,
    expired: false,
    maxMoves: limits.maxMoves ?? 4_000_000,
    deadline: limits.deadline ?? Infinity,
  };
  let improved = true;
  while (improved && !exhausted(budget)) {
    improved = evacuationPass(state, problem, budget);
    improved = pairwisePass(state, problem, budget) || improved;
  }
}

/**
 * Deterministic local search over the assignment matrix, from two greedy starts: the divisions grown
 * around what they teach (cover-construction.ts) and the largest groups placed first into balanced
 * target sizes. From each it alternates two neighbourhoods until neither improves (teaching hours,
 * group splits, size spread) lexicographically: moving or exchanging (parts of) group pieces between
 * two divisions, and evacuating an elective from a division in one compound move; the better result
 * wins. Used as the warm start of the exact model and as the fallback when the solver cannot run; it
 * never proves optimality. The move limit keeps it machine-independent while the deadline, a
 * safety net, does not cut it. The grown start comes first (it is the better one wherever choices
 * scatter) and its search gets half of the time left after it; the size-first start runs when time
 * is left (which the clock decides under a tight deadline), and alone when the grown start is cut.
 */
export function heuristicAssignment(problem: DivisionProblem, limits: HeuristicLimits = {}): Counts {
  const { low, high } = sizeWindow(problem);
  const state = new SearchState(problem, low, high);
  if (problem.divisionCount === 0) return state.counts;
  const deadline = limits.deadline ?? Infinity;
  const shareOfLeft = (share: number) =>
    Number.isFinite(deadline) ? performance.now() + (deadline - performance.now()) * share : Infinity;
  const grown = coverConstruction(problem, deadline);
  let best =
    grown &&
    improveAssignment(
      problem,
      grown,
      { low, high },
      { maxMoves: limits.maxMoves, deadline: shareOfLeft(1 / 2) },
    );
  if (best && (limits.grownOnly || performance.now() >= deadline)) return best;
  construct(state, problem);
  localSearch(state, problem, limits);
  if (!best || compareScores(scoreAssignment(problem, state.counts), scoreAssignment(problem, best)) < 0) {
    best = state.counts;
  }
  return best;
}

/**
 * The same local search from a given assignment (sizes within `window`, e.g. a plan rebuilt from the
 * restricted master MIP): never makes it worse, and mostly removes the group splits the MIP left.
 */
export function improveAssignment(
  problem: DivisionProblem,
  counts: Counts,
  window: { readonly low: number; readonly high: number },
  limits: HeuristicLimits = {},
): Counts {
  const state = new SearchState(problem, window.low, window.high);
  counts.forEach((row, group) =>
    row.forEach((amount, division) => {
      if (amount > 0) state.apply([{ group, division, delta: amount }]);
    }),
  );
  localSearch(state, problem, limits);
  return state.counts;
}

/** Size window of the heuristic: every division size in it keeps the spread within the limit. */
export function heuristicWindow(problem: DivisionProblem): { low: number; high: number } {
  return sizeWindow(problem);
}
