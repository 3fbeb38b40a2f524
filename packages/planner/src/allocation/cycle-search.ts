import { fairLoad, teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';

/** One unit of `unitClass` handed from teacher `from` to teacher `to`. */
interface Move {
  readonly unitClass: number;
  readonly from: number;
  readonly to: number;
}

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
  const loads = teacherLoads(problem, counts);
  const fair = problem.teachers.map((_, t) => fairLoad(problem, t, share));
  const subjectOf = new Map<string, number>();
  problem.classes.forEach((unitClass) => {
    if (!subjectOf.has(unitClass.subject)) subjectOf.set(unitClass.subject, subjectOf.size);
  });
  const classSubject = problem.classes.map((unitClass) => subjectOf.get(unitClass.subject) ?? 0);
  // Units per teacher and subject, to price joining and leaving.
  const held = problem.teachers.map(() => new Array<number>(subjectOf.size).fill(0));
  counts.forEach((row, c) =>
    row.forEach((value, t) => {
      const list = held[t];
      if (list) list[classSubject[c] ?? 0] = (list[classSubject[c] ?? 0] ?? 0) + value;
    }),
  );
  const rankCost = (t: number, c: number) => {
    const unitClass = problem.classes[c];
    const rank = problem.teachers[t]?.ranks.get(unitClass?.subject ?? '') ?? 1;
    return weights.rank * (rank - 1) * (unitClass?.hours ?? 0);
  };
  const overload = (t: number, load: number) => weights.overload * Math.max(0, load - (fair[t] ?? 0));
  const lengths = [...new Set(problem.classes.map((unitClass) => unitClass.hours))].sort((x, y) => x - y);
  const classesOfLength = new Map(
    lengths.map((hours) => [hours, problem.classes.flatMap((u, c) => (u.hours === hours ? [c] : []))]),
  );

  // The exact cost change of a list of moves (applied to a copy of the touched teachers' state).
  const exactDelta = (moves: readonly Move[]): number => {
    const loadChange = new Map<number, number>();
    const heldChange = new Map<string, number>();
    let delta = 0;
    for (const move of moves) {
      const hours = problem.classes[move.unitClass]?.hours ?? 0;
      delta += rankCost(move.to, move.unitClass) - rankCost(move.from, move.unitClass);
      loadChange.set(move.from, (loadChange.get(move.from) ?? 0) - hours);
      loadChange.set(move.to, (loadChange.get(move.to) ?? 0) + hours);
      const s = classSubject[move.unitClass] ?? 0;
      heldChange.set(`${move.from}:${s}`, (heldChange.get(`${move.from}:${s}`) ?? 0) - 1);
      heldChange.set(`${move.to}:${s}`, (heldChange.get(`${move.to}:${s}`) ?? 0) + 1);
    }
    for (const [t, change] of loadChange) {
      const load = loads[t] ?? 0;
      if (load + change > (problem.teachers[t]?.maxHours ?? 0) + 1e-9) return Infinity;
      delta += overload(t, load + change) - overload(t, load);
    }
    for (const [key, change] of heldChange) {
      const [t, s] = key.split(':').map(Number) as [number, number];
      const before = held[t]?.[s] ?? 0;
      if (before + change < 0) return Infinity;
      delta += weights.teacherPerSubject * (Number(before + change > 0) - Number(before > 0));
    }
    return delta;
  };
  const apply = (moves: readonly Move[]) => {
    for (const move of moves) {
      const row = counts[move.unitClass] as number[];
      const hours = problem.classes[move.unitClass]?.hours ?? 0;
      row[move.from] = (row[move.from] ?? 0) - 1;
      row[move.to] = (row[move.to] ?? 0) + 1;
      loads[move.from] = (loads[move.from] ?? 0) - hours;
      loads[move.to] = (loads[move.to] ?? 0) + hours;
      const s = classSubject[move.unitClass] ?? 0;
      (held[move.from] as number[])[s] = (held[move.from]?.[s] ?? 0) - 1;
      (held[move.to] as number[])[s] = (held[move.to]?.[s] ?? 0) + 1;
    }
  };

  // One search over hand-overs of units of `hours`: the first negative cycle's moves, or null.
  const findCycle = (hours: number): Move[] | null => {
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
        const moves: Move[] = [];
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
      if (!moves || moves.length === 0 || exactDelta(moves) >= -1e-9) continue;
      apply(moves);
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
