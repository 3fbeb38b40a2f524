import { fairLoad } from './problem';
import type { AllocationProblem } from './problem';

/**
 * A 0/1 knapsack item: `units` units of one class (binary splitting of the class's count, so any
 * count up to the cap is a sum of distinct items).
 */
interface PricingItem {
  readonly unitClass: number;
  readonly units: number;
  readonly hours: number;
  /** Rank cost of these units (weights.rank · (rank − 1) · hours). */
  readonly rankCost: number;
}

interface PricingSubject {
  /** Index into the problem's subjects (order of first class), for the subject's count multiplier. */
  readonly subject: number;
  readonly items: readonly PricingItem[];
  /** Scratch for the walk back: which item improved which hour total. */
  readonly taken: Uint8Array;
  /** Scratch: the subject's hours at each running total (group knapsack choice). */
  readonly pick: Int16Array;
}

/** One teacher's side of the allocation, ready for repeated pricing. */
export interface PricingTeacher {
  readonly index: number;
  /** The maximum in whole hours (loads of whole-hour units never exceed its floor). */
  readonly capacity: number;
  readonly fair: number;
  readonly subjects: readonly PricingSubject[];
  readonly pairCost: number;
  readonly overloadWeight: number;
}

/** Subject index per subject slug, in order of first class (as the cost model numbers them). */
export function subjectNumbers(problem: AllocationProblem): Map<string, number> {
  const index = new Map<string, number>();
  for (const unitClass of problem.classes)
    if (!index.has(unitClass.subject)) index.set(unitClass.subject, index.size);
  return index;
}

/** A teacher's best pattern at some unit values: the units taken per class, its true cost and its value. */
export interface PricedPattern {
  /** Pairs of (class index, units). */
  readonly units: readonly (readonly [number, number])[];
  /** Subject indices the pattern teaches. */
  readonly subjects: readonly number[];
  readonly hours: number;
  /** The pattern's own cost: rank + teacher-per-subject + overload. */
  readonly cost: number;
  /** cost − Σ value·units: what the teacher "asks" at these values (≤ 0, the empty pattern is 0). */
  readonly reducedCost: number;
}

/** Whether every class has whole hours: the pricing works on an hour grid. */
export function pricingApplies(problem: AllocationProblem): boolean {
  return problem.classes.every((unitClass) => Number.isInteger(unitClass.hours) && unitClass.hours > 0);
}

/**
 * Teacher t's knapsack items; `supply` caps each class's units (default: the class's size), so a
 * plan built teacher by teacher prices only what is left. `share` fixes the fair load.
 */
export function pricingTeacher(
  problem: AllocationProblem,
  t: number,
  share: number,
  supply?: readonly number[],
  numbers: ReadonlyMap<string, number> = subjectNumbers(problem),
): PricingTeacher {
  const teacher = problem.teachers[t];
  const capacity = Math.floor((teacher?.maxHours ?? 0) + 1e-9);
  const width = capacity + 1;
  const bySubject = new Map<string, PricingItem[]>();
  problem.classes.forEach((unitClass, c) => {
    if (!teacher || !problem.eligible[c]?.includes(t)) return;
    let left = Math.min(supply?.[c] ?? unitClass.units.length, Math.floor(capacity / unitClass.hours));
    const perUnit =
      problem.weights.rank * ((teacher.ranks.get(unitClass.subject) ?? 1) - 1) * unitClass.hours;
    const items = bySubject.get(unitClass.subject) ?? [];
    for (let chunk = 1; left > 0; chunk *= 2) {
      const units = Math.min(chunk, left);
      items.push({ unitClass: c, units, hours: units * unitClass.hours, rankCost: units * perUnit });
      left -= units;
    }
    if (items.length > 0) bySubject.set(unitClass.subject, items);
  });
  return {
    index: t,
    capacity,
    fair: fairLoad(problem, t, share),
    subjects: [...bySubject].map(([slug, items]) => ({
      subject: numbers.get(slug) ?? 0,
      items,
      taken: new Uint8Array(items.length * width),
      pick: new Int16Array(width),
    })),
    pairCost: problem.weights.teacherPerSubject,
    overloadWeight: problem.weights.overload,
  };
}

/** Every teacher's knapsack items, built once for repeated pricing. */
export function pricingTeachers(problem: AllocationProblem, share: number): PricingTeacher[] {
  const numbers = subjectNumbers(problem);
  return problem.teachers.map((_, t) => pricingTeacher(problem, t, share, undefined, numbers));
}

// Scratch rows of the knapsacks, reused by every call (pricing is synchronous).
let rowA = new Float64Array(0);
let rowB = new Float64Array(0);
let rowOwn = new Float64Array(0);

/**
 * The teacher's pattern of least reduced cost when each unit of class c is worth `values[c]`:
 * rank cost − value per unit, the pair cost once per subject taken, the overload above the fair load,
 * within the maximum. Exact: a 0/1 knapsack over hours per subject (binary-split counts), a group
 * knapsack over subjects, then the best total load. A few thousand steps per teacher.
 */
export function priceTeacher(
  teacher: PricingTeacher,
  values: ArrayLike<number>,
  subjectValues?: ArrayLike<number>,
): PricedPattern {
  const cap = teacher.capacity;
  const width = cap + 1;
  if (rowA.length < width) {
    rowA = new Float64Array(width);
    rowB = new Float64Array(width);
    rowOwn = new Float64Array(width);
  }
  // best[h]: least reduced cost of the subjects so far at exactly h hours.
  let best = rowA.fill(Infinity, 0, width);
  let next = rowB;
  best[0] = 0;
  const own = rowOwn;
  for (const subject of teacher.subjects) {
    own.fill(Infinity, 0, width);
    own[0] = 0;
    const { taken, pick } = subject;
    taken.fill(0);
    const pairCost = teacher.pairCost - (subjectValues?.[subject.subject] ?? 0);
    subject.items.forEach((item, i) => {
      const value = item.rankCost - item.units * (values[item.unitClass] ?? 0);
      for (let h = cap; h >= item.hours; h -= 1) {
        const candidate = (own[h - item.hours] as number) + value;
        if (candidate < (own[h] as number)) {
          own[h] = candidate;
          taken[i * width + h] = 1;
        }
      }
    });
    next.fill(Infinity, 0, width);
    for (let h = 0; h <= cap; h += 1) {
      const before = best[h] as number;
      if (before === Infinity) continue;
      if (before < (next[h] as number)) {
        next[h] = before;
        pick[h] = 0;
      }
      for (let k = 1; h + k <= cap; k += 1) {
        const here = own[k] as number;
        if (here === Infinity) continue;
        const candidate = before + here + pairCost;
        if (candidate < (next[h + k] as number)) {
          next[h + k] = candidate;
          pick[h + k] = k;
        }
      }
    }
    [best, next] = [next, best];
  }
  let load = 0;
  let reducedCost = 0;
  for (let h = 0; h <= cap; h += 1) {
    const total = (best[h] as number) + teacher.overloadWeight * Math.max(0, h - teacher.fair);
    if (total < reducedCost - 1e-12 || (h === 0 && total <= reducedCost)) {
      reducedCost = total;
      load = h;
    }
  }
  // Walk back: which hours each subject got, then which items gave them.
  const units = new Map<number, number>();
  let cost = teacher.overloadWeight * Math.max(0, load - teacher.fair);
  let h = load;
  const subjectsTaken: number[] = [];
  for (let s = teacher.subjects.length - 1; s >= 0; s -= 1) {
    const subject = teacher.subjects[s] as PricingSubject;
    let k = subject.pick[h] ?? 0;
    if (k === 0) continue;
    h -= k;
    cost += teacher.pairCost;
    subjectsTaken.push(subject.subject);
    const taken = subject.taken;
    for (let i = subject.items.length - 1; i >= 0 && k > 0; i -= 1) {
      if (taken[i * width + k] !== 1) continue;
      const item = subject.items[i] as PricingItem;
      units.set(item.unitClass, (units.get(item.unitClass) ?? 0) + item.units);
      cost += item.rankCost;
      k -= item.hours;
    }
  }
  return { units: [...units], subjects: subjectsTaken, hours: load, cost, reducedCost };
}
