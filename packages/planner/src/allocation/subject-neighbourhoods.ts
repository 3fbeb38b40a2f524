import { runMip } from '../solver/highs-runner';
import { allocationStart, buildAllocationModel, countsFromSolution } from './exact-model';
import { allocationCost, coveredHours, fairLoad, feasible, teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';

/** Limits of {@link improveBySubjectPairs}. */
export interface NeighbourhoodOptions {
  /** `now()` time by which the search ends (no sub-MIP starts with less than MIN_RUN_MS left). */
  readonly deadline: number;
  readonly now: () => number;
  /**
   * How far each subject's cost stands above what a relaxation gives it (e.g. the LP's rank and pair
   * cost on the subject): pairs with the most to gain are solved first. Default: the number of
   * teachers who teach both subjects.
   */
  readonly excess?: ReadonlyMap<string, number>;
  /** Longest run of one sub-MIP in `now()` units (default RUN_CAP_MS). */
  readonly runCapMs?: number;
}

/**
 * A sub-MIP runs at most this long (CPU ms on the bench machine: 15-150 ms for two subjects at 150
 * teachers once HiGHS is warm, once 600 ms for the largest pair, which this cuts), and starts only
 * with this much left: the first runs in a process take 350-390 ms whatever their limit (HiGHS's MIP
 * code not yet optimised), and with 40 and 150 ms 1 s calls ended at 1,149 ms (110 teachers) and
 * 1,182 ms of CPU (150 teachers, the process's first sub-MIP).
 */
const RUN_CAP_MS = 150;
const MIN_RUN_MS = 300;
const MAX_PASSES = 3;

/** Two subjects' classes re-solved together, everything else held. */
interface Neighbourhood {
  readonly subjects: readonly [string, string];
  /** Indices into the problem's classes. */
  readonly classes: readonly number[];
}

/**
 * Fix-and-optimise over pairs of subjects: all units of two subjects are taken back and given out
 * again by the exact cost MIP (exact-model.ts) over every teacher, each with the room and fair load
 * their other subjects leave, at no less coverage of the two subjects; the result is kept when the
 * whole allocation's cost drops. This is the move the unit-level searches cannot make: at 150
 * teachers almost every teacher is full, and the plan they leave pays for teachers split over two
 * subjects and for lower ranks that only a joint re-packing of both subjects' teachers removes (the
 * LP rounding's 1,035 → 1,001 with every linked pair solved, where the best plan known had been
 * 1,007). Pairs whose subjects share a teacher, those with the most `excess` first, in passes until
 * one keeps nothing. Each sub-MIP is small (a few hundred rows), so HiGHS polls its interrupts
 * often; deterministic unless the clock cuts a run. Mutates `counts`; returns the pairs improved.
 */
export async function improveBySubjectPairs(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
  options: NeighbourhoodOptions,
): Promise<number> {
  const integral =
    problem.classes.every((unitClass) => Number.isInteger(unitClass.hours)) &&
    Object.values(problem.weights).every((weight) => Number.isInteger(weight));
  let cost = allocationCost(problem, counts, share);
  let kept = 0;
  const tried = new Set<string>();
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let improved = false;
    for (const neighbourhood of linkedPairs(problem, counts, options.excess)) {
      const key = neighbourhood.subjects.join('\u0000');
      // A pair already solved is only worth solving again once something else has changed.
      if (tried.has(key)) continue;
      if (options.now() + MIN_RUN_MS > options.deadline) return kept;
      tried.add(key);
      const candidate = await resolve(problem, counts, share, neighbourhood, {
        deadline: Math.min(options.deadline, options.now() + (options.runCapMs ?? RUN_CAP_MS)),
        now: options.now,
        absoluteGap: integral ? 0.999 : 1e-6,
      });
      if (!candidate) continue;
      const candidateCost = allocationCost(problem, candidate, share);
      if (candidateCost < cost - 1e-9 && feasible(problem, candidate)) {
        candidate.forEach((row, c) => (counts[c] = row));
        cost = candidateCost;
        kept += 1;
        improved = true;
        tried.clear();
        tried.add(key);
      }
    }
    if (!improved) break;
  }
  return kept;
}

/**
 * Pairs of subjects that share at least one teacher in `counts`, most promising first: by the sum
 * of their excess when given, else by the teachers they share; ties in subject order.
 */
function linkedPairs(
  problem: AllocationProblem,
  counts: ClassCounts,
  excess: ReadonlyMap<string, number> | undefined,
): Neighbourhood[] {
  const subjects: string[] = [];
  const classesOf = new Map<string, number[]>();
  problem.classes.forEach((unitClass, c) => {
    const list = classesOf.get(unitClass.subject);
    if (list) list.push(c);
    else {
      subjects.push(unitClass.subject);
      classesOf.set(unitClass.subject, [c]);
    }
  });
  const teachersOf = subjects.map((subject) => {
    const holders = new Set<number>();
    for (const c of classesOf.get(subject) ?? [])
      counts[c]?.forEach((value, t) => {
        if (value > 0) holders.add(t);
      });
    return holders;
  });
  const pairs: { neighbourhood: Neighbourhood; score: number; order: number }[] = [];
  for (let i = 0; i < subjects.length; i += 1) {
    for (let j = i + 1; j < subjects.length; j += 1) {
      let shared = 0;
      for (const t of teachersOf[i] ?? []) if (teachersOf[j]?.has(t)) shared += 1;
      if (shared === 0) continue;
      const first = subjects[i] as string;
      const second = subjects[j] as string;
      const score = excess ? (excess.get(first) ?? 0) + (excess.get(second) ?? 0) : shared;
      pairs.push({
        neighbourhood: {
          subjects: [first, second],
          classes: [...(classesOf.get(first) ?? []), ...(classesOf.get(second) ?? [])].sort((x, y) => x - y),
        },
        score,
        order: pairs.length,
      });
    }
  }
  return pairs.sort((x, y) => y.score - x.score || x.order - y.order).map((pair) => pair.neighbourhood);
}

/**
 * The neighbourhood's classes re-solved by the cost MIP; null when the run gave no solution. The
 * sub-problem's teachers have the maximum and fair load their held classes leave, so its cost is the
 * allocation's cost on those classes plus the overload, and any solution fits the whole.
 */
async function resolve(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
  neighbourhood: Neighbourhood,
  run: { deadline: number; now: () => number; absoluteGap: number },
): Promise<ClassCounts | null> {
  const chosen = new Set(neighbourhood.classes);
  const loads = teacherLoads(problem, counts);
  const held = problem.teachers.map((_, t) => {
    let load = loads[t] ?? 0;
    for (const c of neighbourhood.classes) load -= (counts[c]?.[t] ?? 0) * (problem.classes[c]?.hours ?? 0);
    return load;
  });
  const teachers = problem.teachers.map((teacher, t) => ({
    ...teacher,
    maxHours: teacher.maxHours - (held[t] ?? 0),
  }));
  const classes = neighbourhood.classes.map((c) => problem.classes[c]).filter((unitClass) => !!unitClass);
  const sub: AllocationProblem = {
    classes,
    teachers,
    eligible: neighbourhood.classes.map((c) =>
      (problem.eligible[c] ?? []).filter(
        (t) => (teachers[t]?.maxHours ?? 0) >= (problem.classes[c]?.hours ?? 0) - 1e-9,
      ),
    ),
    weights: problem.weights,
    totalHours: classes.reduce((sum, unitClass) => sum + unitClass.hours * unitClass.units.length, 0),
    usefulCapacity: teachers.reduce((sum, teacher) => sum + Math.max(0, teacher.maxHours), 0),
    fairLoads: problem.teachers.map((_, t) => fairLoad(problem, t, share) - (held[t] ?? 0)),
  };
  const start = neighbourhood.classes.map((c) => [...(counts[c] ?? [])]);
  const model = buildAllocationModel(sub, { kind: 'cost', minCovered: coveredHours(sub, start), share });
  const solved = await runMip(model.text, {
    deadline: run.deadline,
    clock: run.now,
    start: allocationStart(sub, start, share),
    absoluteGap: run.absoluteGap,
  });
  if (!solved.values) return null;
  const rows = countsFromSolution(sub, solved.values);
  return counts.map((row, c) => (chosen.has(c) ? (rows[neighbourhood.classes.indexOf(c)] ?? row) : row));
}
