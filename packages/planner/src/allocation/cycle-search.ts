import { HandOverState } from './hand-over-state';
import type { HandOver } from './hand-over-state';
import type { AllocationProblem, ClassCounts } from './problem';

/** Limits of {@link improveByCycles}. */
export interface CycleLimits {
  readonly deadline: number;
  readonly now: () => number;
  /** Most cycles applied (each search is a Bellman-Ford pass over the teachers). */
  readonly maxCycles?: number;
}

/**
 * Lowers the secondary cost by negative cycles of unit hand-overs, the move of min-cost flow:
 * teacher a₁ gives one unit to a₂, a₂ one unit of the same length to a₃, …, a_k one to a₁, so no load
 * changes; or the chain starts at a teacher who gives load away and ends at one with room (a
 * "slack" node closes it). Edges carry the cost of one hand-over (rank, joining or leaving a
 * subject, overload at the ends); Bellman-Ford finds a negative cycle, which is applied only if its
 * exact cost change is negative (a teacher on it may both join and leave one subject, which the edge
 * costs count twice). At 150 teachers nearly every teacher is full, so single moves find no room and
 * exchanges of two teachers miss the rank trades that go round three or four of them.
 * Deterministic unless the deadline cuts it. Mutates and returns `counts`.
 */
export function improveByCycles(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
  limits: CycleLimits,
): ClassCounts {
  const teacherCount = problem.teachers.length;
  const slack = teacherCount;
  const { weights } = problem;
  const state = new HandOverState(problem, counts, share);
  const { loads, held, classSubject } = state;
  const rankCost = (t: number, c: number) => state.rankCost(t, c);
  const overload = (t: number, load: number) => state.overload(t, load);
  const lengths = [...new Set(problem.classes.map((unitClass) => unitClass.hours))].sort((x, y) => x - y);
  const classesOfLength = new Map(
    lengths.map((hours) => [hours, problem.classes.flatMap((u, c) => (u.hours === hours ? [c] : []))]),
  );

  // One search over hand-overs of units of `hours`: the first negative cycle's moves, or null.
  const findCycle = (hours: number): HandOver[] | null => {
    const edgeFrom: number[] = [];
    const edgeTo: number[] = [];
    const edgeCost: number[] = [];
    const edgeClass: number[] = [];
    for (const c of classesOfLength.get(hours) ?? []) {
      const s = classSubject[c] ?? 0;
      for (const from of problem.eligible[c] ?? []) {
        if ((counts[c]?.[from] ?? 0) === 0) continue;
        const leave = (held[from]?.[s] ?? 0) === 1 ? -weights.teacherPerSubject : 0;
        for (const to of problem.eligible[c] ?? []) {
          if (to === from) continue;
          const join = (held[to]?.[s] ?? 0) === 0 ? weights.teacherPerSubject : 0;
          edgeFrom.push(from);
          edgeTo.push(to);
          edgeCost.push(rankCost(to, c) - rankCost(from, c) + leave + join);
          edgeClass.push(c);
        }
      }
    }
    // Through the slack node: a teacher gives load away (slack → a), one with room takes it (b → slack).
    for (let t = 0; t < teacherCount; t += 1) {
      const load = loads[t] ?? 0;
      if (load >= hours) {
        edgeFrom.push(slack);
        edgeTo.push(t);
        edgeCost.push(overload(t, load - hours) - overload(t, load));
        edgeClass.push(-1);
      }
      if (load + hours <= (problem.teachers[t]?.maxHours ?? 0) + 1e-9) {
        edgeFrom.push(t);
        edgeTo.push(slack);
        edgeCost.push(overload(t, load + hours) - overload(t, load));
        edgeClass.push(-1);
      }
    }
    const nodes = teacherCount + 1;
    const distance = new Float64Array(nodes);
    const parentEdge = new Int32Array(nodes).fill(-1);
    for (let pass = 0; pass < nodes; pass += 1) {
      let changed = -1;
      for (let e = 0; e < edgeFrom.length; e += 1) {
        const from = edgeFrom[e] as number;
        const to = edgeTo[e] as number;
        const candidate = (distance[from] as number) + (edgeCost[e] as number);
        if (candidate < (distance[to] as number) - 1e-9) {
          distance[to] = candidate;
          parentEdge[to] = e;
          changed = to;
        }
      }
      if (changed < 0) return null;
      // Walk the parents from a node relaxed in this pass; a repeat is a negative cycle.
      const cycle = parentCycle(changed, parentEdge, edgeFrom, nodes);
      if (cycle) {
        const moves: HandOver[] = [];
        for (let i = 0; i < cycle.length; i += 1) {
          const e = cycle[i] as number;
          const c = edgeClass[e] as number;
          if (c >= 0) moves.push({ unitClass: c, from: edgeFrom[e] as number, to: edgeTo[e] as number });
        }
        // Slack edges carry no unit: the moves around them already shift the loads.
        return moves;
      }
    }
    return null;
  };

  const maxCycles = limits.maxCycles ?? 10_000;
  let applied = 0;
  let improved = true;
  while (improved && applied < maxCycles && limits.now() < limits.deadline) {
    improved = false;
    for (const hours of lengths) {
      if (limits.now() >= limits.deadline) break;
      const moves = findCycle(hours);
      if (!moves || moves.length === 0 || state.delta(moves) >= -1e-9) continue;
      state.apply(moves);
      applied += 1;
      improved = true;
    }
  }
  return counts;
}

/** The edges of a cycle in the parent graph reached from `start`, or null when the walk ends. */
function parentCycle(
  start: number,
  parentEdge: Int32Array,
  edgeFrom: readonly number[],
  nodes: number,
): number[] | null {
  const seen = new Int32Array(nodes).fill(-1);
  let node = start;
  for (let step = 0; step <= nodes; step += 1) {
    if (seen[node] !== -1) {
      const cycle: number[] = [];
      let at = node;
      do {
        const e = parentEdge[at] as number;
        cycle.push(e);
        at = edgeFrom[e] as number;
      } while (at !== node);
      return cycle.reverse();
    }
    seen[node] = step;
    const e = parentEdge[node] as number;
    if (e < 0) return null;
    node = edgeFrom[e] as number;
  }
  return null;
}
