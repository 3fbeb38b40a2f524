import type { DivisionProblem } from '../problem';

/**
 * A division pattern: how many students of each group one division holds. `groups`/`amounts` are
 * parallel (groups ascending), `cost` the weekly hours of the electives those groups take.
 */
export interface Pattern {
  readonly groups: readonly number[];
  readonly amounts: readonly number[];
  readonly cost: number;
}

/** Result of one pricing run. */
export interface PricingResult {
  /** Improving patterns (value above the threshold), best first: found by the search or given as seeds. */
  readonly patterns: readonly Pattern[];
  /** The best value Σ π_g·a_g − cost found. */
  readonly bestValue: number;
  /** Proven upper bound on the value of every pattern (equal to bestValue when `complete`). */
  readonly upperBound: number;
  readonly complete: boolean;
  readonly nodes: number;
}

/** Options of {@link priceDivisionPattern}. */
export interface PricingOptions {
  /** Patterns worth more than this are returned as improving columns. */
  readonly threshold: number;
  /** Stop branching after this many nodes (the bound then covers the unexplored nodes). */
  readonly nodeLimit: number;
  /** Stop branching at this `performance.now()` time, like the node limit. */
  readonly deadline?: number;
  /** At most this many patterns are returned. */
  readonly maxPatterns: number;
  /** Students per group still to place (default: the groups' sizes), for building divisions one by one. */
  readonly sizes?: readonly number[];
  /**
   * Feasible divisions (size in the window, amounts within `sizes`; any other pattern is ignored)
   * whose values at these duals start the search's incumbent. When the duals moved little since
   * they were priced (the previous steps of a dual method), the best of them is close to the
   * optimum and prunes much of the tree: at 1,200 mixed students the optimum as the start halves
   * the nodes.
   */
  readonly seeds?: readonly Pattern[];
  /** Division size window a pattern must respect. */
  readonly sizeLow: number;
  readonly sizeHigh: number;
}

const EPS = 1e-9;
const FREE = 0;
const IN = 1;
const OUT = 2;

interface Selection {
  readonly value: number;
  readonly groups: number[];
  readonly amounts: number[];
}

/**
 * The best way to fill one division from `candidates` with per-student `weights`: every student
 * weighs 1, so the optimum takes the highest-weighted students, all positive ones up to the
 * size limit and, when that is below the lower size, the least negative ones up to it. Null when
 * the candidates hold fewer than `low` students.
 */
function bestFill(
  candidates: ArrayLike<number>,
  weights: Float64Array,
  sizes: readonly number[],
  low: number,
  high: number,
): Selection | null {
  const order = bestFirst(candidates, weights);
  let taken = 0;
  let value = 0;
  const groups: number[] = [];
  const amounts: number[] = [];
  for (let g = order.next(); g >= 0 && taken < high; g = order.next()) {
    const weight = weights[g] ?? 0;
    if (weight <= 0 && taken >= low) break;
    const room = weight > 0 ? high - taken : low - taken;
    const amount = Math.min(sizes[g] ?? 0, room);
    if (amount <= 0) continue;
    groups.push(g);
    amounts.push(amount);
    value += amount * weight;
    taken += amount;
  }
  return taken >= low ? { value, groups, amounts } : null;
}

/** Candidates in best-weight-first order (ties by index), handed out one at a time. */
export interface BestFirst {
  /** The next candidate, or −1 when none is left. */
  next(): number;
}

const heapScratch = { items: new Int32Array(0) };

/**
 * A binary max-heap over the candidates' weights: a fill reaches only the first few groups of the
 * order (until the division is full), so building the heap (linear) and popping those few costs a
 * fraction of sorting every candidate, which was most of the pricing's time at 1,200 students.
 * One heap lives at a time: the scratch array is reused by the next fill.
 */
export function bestFirst(candidates: ArrayLike<number>, weights: Float64Array): BestFirst {
  if (heapScratch.items.length < candidates.length) heapScratch.items = new Int32Array(candidates.length * 2);
  const heap = heapScratch.items;
  let size = candidates.length;
  for (let i = 0; i < size; i += 1) heap[i] = candidates[i] ?? 0;
  // a before b: a larger weight, or the same weight and a smaller index.
  const before = (a: number, b: number) => {
    const wa = weights[a] ?? 0;
    const wb = weights[b] ?? 0;
    return wa > wb || (wa === wb && a < b);
  };
  const siftDown = (from: number) => {
    let i = from;
    const item = heap[i] ?? 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && before(heap[right] ?? 0, heap[left] ?? 0) ? right : left;
      const childItem = heap[child] ?? 0;
      if (!before(childItem, item)) break;
      heap[i] = childItem;
      i = child;
    }
    heap[i] = item;
  };
  for (let i = (size >> 1) - 1; i >= 0; i -= 1) siftDown(i);
  return {
    next() {
      if (size === 0) return -1;
      const top = heap[0] ?? 0;
      size -= 1;
      if (size > 0) {
        heap[0] = heap[size] ?? 0;
        siftDown(0);
      }
      return top;
    },
  };
}

interface Node {
  readonly state: Uint8Array;
  /** The parent's bound: no pattern below this node is worth more. */
  readonly bound: number;
  /**
   * Groups none of whose electives are excluded here, ascending. Excluding an elective only removes
   * groups, so a child's list is its parent's filtered once instead of a scan over every group.
   */
  readonly candidates: Int32Array;
  /** Per elective, the students of `candidates` taking it (shared with the "taught" child). */
  readonly room: Float64Array;
}

/** What one node of the pricing search knows: its relaxed fill and the bound it proves. */
interface NodeEvaluation {
  readonly relaxed: Selection;
  /** No pattern below the node is worth more than this. */
  readonly bound: number;
  /** Candidates whose electives are all taught here: their fills are patterns of this node. */
  readonly covered: readonly number[];
}

/**
 * Pricing of the division master problem: finds division patterns maximising Σ_g π_g·a_g minus the
 * weekly hours of the electives they need, over all fillings with a size in [sizeLow, sizeHigh].
 * Branch and bound over "elective e is taught / not taught in this division"; once the taught set
 * is fixed, filling is a unit-weight knapsack solved greedily ({@link bestFill}). The bound charges
 * each undecided elective's hours to its students, h_e / (the most students that can take it in
 * one division), so a node's best fill under those charges bounds every pattern below it.
 * When a limit cuts the search, each open node's own bound (one evaluation per open node, at most
 * one per elective on the depth-first stack) covers what was not explored, not its parent's.
 * Deterministic: fixed branching order and tie-breaks.
 */
export function priceDivisionPattern(
  problem: DivisionProblem,
  duals: Float64Array,
  options: PricingOptions,
): PricingResult {
  const E = problem.electives.length;
  const G = problem.groups.length;
  const sizes = options.sizes ?? problem.groups.map((group) => group.size);
  const hours = problem.electiveHours;
  const electivesOf = problem.groupElectives;
  const best: { pattern: Pattern; value: number; key: string }[] = [];
  let bestValue = -Infinity;
  let openBound = -Infinity;
  let nodes = 0;
  const weights = new Float64Array(G);
  const charge = new Float64Array(E);
  const used = new Uint8Array(E);
  const groupContains = problem.electiveGroups.map((groups) => {
    const member = new Uint8Array(G);
    for (const g of groups) member[g] = 1;
    return member;
  });

  const record = (selection: Selection) => {
    used.fill(0);
    for (const g of selection.groups) for (const e of electivesOf[g] ?? []) used[e] = 1;
    let cost = 0;
    for (let e = 0; e < E; e += 1) if (used[e]) cost += hours[e] ?? 0;
    let value = -cost;
    selection.groups.forEach((g, i) => (value += (duals[g] ?? 0) * (selection.amounts[i] ?? 0)));
    if (value > bestValue) bestValue = value;
    if (value <= options.threshold + EPS) return;
    const worst = best[best.length - 1];
    if (best.length >= options.maxPatterns && worst && value <= worst.value) return;
    const order = selection.groups
      .map((g, i) => [g, selection.amounts[i] ?? 0] as const)
      .sort((a, b) => a[0] - b[0]);
    const key = order.map(([g, a]) => `${g}:${a}`).join(',');
    if (best.some((entry) => entry.key === key)) return;
    best.push({
      pattern: { groups: order.map(([g]) => g), amounts: order.map(([, a]) => a), cost },
      value,
      key,
    });
    best.sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : 1));
    if (best.length > options.maxPatterns) best.pop();
  };

  // A seed is the incumbent only when it is a division of this pricing (in the window, within
  // `sizes`): one that is not could be returned as the best pattern and would prune the tree down
  // to its own value, so it is skipped rather than trusted.
  const feasibleSeed = (seed: Pattern) => {
    let size = 0;
    let previous = -1;
    for (let i = 0; i < seed.groups.length; i += 1) {
      // Groups ascending (the Pattern contract), so a group listed twice is caught too.
      const g = seed.groups[i] ?? -1;
      const amount = seed.amounts[i] ?? 0;
      if (!(g > previous && g < G) || !Number.isInteger(amount) || amount <= 0) return false;
      if (amount > (sizes[g] ?? 0)) return false;
      previous = g;
      size += amount;
    }
    return size >= options.sizeLow && size <= options.sizeHigh;
  };
  for (const seed of options.seeds ?? [])
    if (feasibleSeed(seed)) record({ value: 0, groups: [...seed.groups], amounts: [...seed.amounts] });

  // The groups' electives in one flat array (group g's are flat[start[g]] .. flat[start[g + 1] − 1]):
  // the node evaluation below reads them for every candidate at every node.
  const start = new Int32Array(G + 1);
  for (let g = 0; g < G; g += 1) start[g + 1] = (start[g] ?? 0) + (electivesOf[g]?.length ?? 0);
  const flat = Int32Array.from(electivesOf.flat());
  /** The relaxed fill of a node and its bound; null when no division fits its candidates. */
  const evaluate = (node: Node): NodeEvaluation | null => {
    const { state } = node;
    const covered: number[] = [];
    let fixedCost = 0;
    for (let e = 0; e < E; e += 1) {
      if (state[e] === IN) fixedCost += hours[e] ?? 0;
      charge[e] = state[e] === FREE ? (hours[e] ?? 0) / Math.min(options.sizeHigh, node.room[e] ?? 1) : 0;
    }
    const list = node.candidates;
    for (let i = 0; i < list.length; i += 1) {
      const g = list[i] ?? 0;
      let inside = true;
      let weight = duals[g] ?? 0;
      const end = start[g + 1] ?? 0;
      for (let k = start[g] ?? 0; k < end; k += 1) {
        const e = flat[k] ?? 0;
        if (state[e] !== IN) inside = false;
        weight -= charge[e] ?? 0;
      }
      weights[g] = weight;
      if (inside) covered.push(g);
    }
    const relaxed = bestFill(list, weights, sizes, options.sizeLow, options.sizeHigh);
    return relaxed ? { relaxed, bound: relaxed.value - fixedCost, covered } : null;
  };

  const deadline = options.deadline ?? Infinity;
  const root: number[] = [];
  for (let g = 0; g < G; g += 1) if ((sizes[g] ?? 0) > 0) root.push(g);
  const rootRoom = new Float64Array(E);
  for (const g of root)
    for (const e of electivesOf[g] ?? []) rootRoom[e] = (rootRoom[e] ?? 0) + (sizes[g] ?? 0);
  const stack: Node[] = [
    { state: new Uint8Array(E), bound: Infinity, candidates: Int32Array.from(root), room: rootRoom },
  ];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.bound <= bestValue + EPS) continue;
    if (nodes >= options.nodeLimit || (nodes % 8 === 7 && performance.now() >= deadline)) {
      // Cut: this node's own bound (no larger than its parent's) covers its unexplored subtree.
      const open = evaluate(node);
      if (open) openBound = Math.max(openBound, Math.min(node.bound, open.bound));
      continue;
    }
    nodes += 1;
    const { state } = node;
    const evaluation = evaluate(node);
    if (!evaluation) continue;
    const { relaxed, bound, covered } = evaluation;
    if (bound <= bestValue + EPS) continue;
    record(relaxed);
    // A fill from the groups the taught electives already cover is a solution of this node.
    for (const g of covered) weights[g] = duals[g] ?? 0;
    const inside = bestFill(covered, weights, sizes, options.sizeLow, options.sizeHigh);
    if (inside) record(inside);
    // Branch on the undecided elective carrying the most students of the relaxed fill.
    const carried = new Float64Array(E);
    relaxed.groups.forEach((g, i) => {
      for (const e of electivesOf[g] ?? []) {
        if (state[e] === FREE) carried[e] = (carried[e] ?? 0) + (relaxed.amounts[i] ?? 0);
      }
    });
    let branch = -1;
    for (let e = 0; e < E; e += 1) {
      if ((carried[e] ?? 0) > 0 && (branch < 0 || (carried[e] ?? 0) > (carried[branch] ?? 0))) branch = e;
    }
    // No undecided elective in the relaxed fill: it is feasible and its value is the bound.
    if (branch < 0) continue;
    const without = Uint8Array.from(state);
    without[branch] = OUT;
    const withIt = Uint8Array.from(state);
    withIt[branch] = IN;
    const excluded = groupContains[branch] as Uint8Array;
    const parent = node.candidates;
    const kept = new Int32Array(parent.length);
    let keptCount = 0;
    const room = Float64Array.from(node.room);
    for (let i = 0; i < parent.length; i += 1) {
      const g = parent[i] ?? 0;
      if (excluded[g] === 0) {
        kept[keptCount] = g;
        keptCount += 1;
        continue;
      }
      const end = start[g + 1] ?? 0;
      for (let k = start[g] ?? 0; k < end; k += 1) {
        const e = flat[k] ?? 0;
        room[e] = (room[e] ?? 0) - (sizes[g] ?? 0);
      }
    }
    const remaining = kept.subarray(0, keptCount);
    // Depth first, "teach it" first: dives towards the relaxed fill's pattern.
    stack.push(
      { state: without, bound, candidates: remaining, room },
      { state: withIt, bound, candidates: node.candidates, room: node.room },
    );
  }
  const complete = openBound === -Infinity;
  return {
    patterns: best.map((entry) => entry.pattern),
    bestValue,
    upperBound: Math.max(bestValue, openBound),
    complete,
    nodes,
  };
}
