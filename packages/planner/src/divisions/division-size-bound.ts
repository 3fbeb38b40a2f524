import type { DivisionProblem } from './problem';

/**
 * A lower bound on the elective hours of any plan, from what one division must teach to hold its
 * students (issue 20). The combinatorial bound (`combinatorialLowerBound`) looks at each elective
 * alone; on semesters with many small choice groups (two slots of thirty options, twenty slots) it
 * is a third of the plans' hours, because it ignores that a division of 60 students whose choices
 * scatter must teach many electives at once. This bound sees that, in closed form and in
 * milliseconds, where the pattern relaxation cannot price a single division within the budget.
 *
 * Electives are partitioned into classes no choice group takes two of (the semester's categories
 * when they behave so). A division teaching a_c electives of class c can only hold students of at
 * most Π_c (a_c + none_c) distinct choice groups (none_c = 1 when some group takes nothing from c),
 * so to hold k students it needs at least m(k) groups, the fewest of the largest groups that add up
 * to k; and it needs enough electives of each class for k students: the a_c largest electives of
 * class c plus the students taking none of it must reach k. The cheapest vector (a_c) meeting both
 * costs at most what the division teaches (each class's a_c cheapest electives). Division sizes lie
 * in [sizeLow, sizeHigh] and add up to N, so the bound is the cheapest such split of N (relaxed).
 */
export function divisionSizeBound(problem: DivisionProblem): number {
  const { divisionCount, sizeLow, sizeHigh, studentCount } = problem;
  if (divisionCount === 0 || studentCount === 0) return 0;
  const classes = exclusiveClasses(problem);
  const groupSizesLargestFirst = problem.groups.map((group) => group.size).sort((a, b) => b - a);
  // A division holds at least what the others cannot (each at most sizeHigh) and at most what the
  // others leave at their smallest: this keeps the sizes tried to the ones a plan can have (a wide
  // tolerance with two divisions would otherwise try thousands).
  const low = Math.max(0, sizeLow, studentCount - (divisionCount - 1) * sizeHigh);
  const high = Math.max(low, Math.min(sizeHigh, studentCount - (divisionCount - 1) * low));
  const costOfSize: number[] = [];
  for (let size = low; size <= high; size++) {
    costOfSize.push(cheapestDivisionHolding(size, classes, groupsNeeded(groupSizesLargestFirst, size)));
  }
  const bound = cheapestSplit(studentCount, divisionCount, low, costOfSize);
  // Plans of whole-hour electives have whole elective hours; the relaxed split may not. Its
  // fraction is a multiple of 1/(large − small) ≥ 1/N, so 1e-6 only absorbs rounding.
  return problem.electiveHours.every(Number.isInteger) ? Math.ceil(bound - 1e-6) : bound;
}

/** Electives of one class: no choice group takes two of them. */
interface ExclusiveClass {
  /** Hours of its electives, cheapest first (prefix sums: the cheapest a cost cheapestHours[a]). */
  readonly cheapestHours: readonly number[];
  /** Students of its electives, largest first, as prefix sums (largestStudents[a]). */
  readonly largestStudents: readonly number[];
  /** Students of groups taking none of its electives. */
  readonly studentsWithout: number;
}

function prefixSums(values: readonly number[]): number[] {
  const sums = [0];
  for (const value of values) sums.push((sums[sums.length - 1] ?? 0) + value);
  return sums;
}

/**
 * Partitions the electives into classes no group takes two of. Each category (slot) opens its own
 * class with its first elective, so the semester's slots stay whole when they are exclusive; an
 * elective that does not fit its slot's class, or has no category, goes to the first class it fits.
 */
function exclusiveClasses(problem: DivisionProblem): ExclusiveClass[] {
  const members: number[][] = [];
  const groupsIn: Set<number>[] = [];
  const byCategory = new Map<string, number>();
  const open = () => {
    members.push([]);
    groupsIn.push(new Set());
    return members.length - 1;
  };
  // Categorised electives first, by category, so an uncategorised one never takes a slot's place.
  const order = problem.electives
    .map((subject, e) => ({ e, category: subject.category ?? '' }))
    .sort((a, b) =>
      a.category === b.category
        ? a.e - b.e
        : a.category === ''
          ? 1
          : b.category === ''
            ? -1
            : a.category < b.category
              ? -1
              : 1,
    );
  for (const { e, category } of order) {
    const groups = problem.electiveGroups[e] ?? [];
    const fits = (c: number) => groups.every((g) => !groupsIn[c]?.has(g));
    const own = category === '' ? undefined : byCategory.get(category);
    let target: number;
    if (category !== '' && own === undefined) {
      target = open();
      byCategory.set(category, target);
    } else if (own !== undefined && fits(own)) {
      target = own;
    } else {
      target = members.findIndex((_, c) => fits(c));
      if (target < 0) target = open();
    }
    members[target]?.push(e);
    for (const g of groups) groupsIn[target]?.add(g);
  }
  return members.map((electives) => {
    const taking = electives.reduce((sum, e) => sum + (problem.electiveStudents[e] ?? 0), 0);
    return {
      cheapestHours: prefixSums(electives.map((e) => problem.electiveHours[e] ?? 0).sort((a, b) => a - b)),
      largestStudents: prefixSums(
        electives.map((e) => problem.electiveStudents[e] ?? 0).sort((a, b) => b - a),
      ),
      studentsWithout: problem.studentCount - taking,
    };
  });
}

/** The fewest groups whose students add up to `size`, taking the largest groups first. */
function groupsNeeded(sizesLargestFirst: readonly number[], size: number): number {
  let held = 0;
  let count = 0;
  for (const groupSize of sizesLargestFirst) {
    if (held >= size) break;
    held += groupSize;
    count++;
  }
  return count;
}

/**
 * The cheapest electives per class for one division of `size` students that needs `groups` distinct
 * choice groups: a knapsack over classes whose state is the number of groups the classes so far
 * allow (capped at `groups`).
 */
function cheapestDivisionHolding(size: number, classes: readonly ExclusiveClass[], groups: number): number {
  if (size === 0) return 0;
  let cheapest = new Array<number>(groups + 1).fill(Infinity);
  cheapest[Math.min(groups, 1)] = 0;
  for (const cls of classes) {
    const options = cls.cheapestHours.length - 1;
    const without = cls.studentsWithout > 0 ? 1 : 0;
    let fewest = 0;
    while (fewest < options && (cls.largestStudents[fewest] ?? 0) + cls.studentsWithout < size) fewest++;
    const next = new Array<number>(groups + 1).fill(Infinity);
    cheapest.forEach((cost, allowed) => {
      if (cost === Infinity) return;
      for (let taught = fewest; taught <= options; taught++) {
        const entries = taught + without;
        if (entries === 0) continue;
        const reach = Math.min(groups, allowed * entries);
        const total = cost + (cls.cheapestHours[taught] ?? 0);
        if (total < (next[reach] ?? Infinity)) next[reach] = total;
        if (reach === groups) break;
      }
    });
    cheapest = next;
  }
  return cheapest[groups] ?? Infinity;
}

/**
 * A lower bound on the cheapest way to give `divisions` divisions sizes in
 * [low, low + costOfSize.length − 1] that add up to `students`, each division costing
 * costOfSize[size − low]: the linear relaxation over how many divisions take each size, whose
 * optimum mixes at most two sizes (the lower convex hull of the costs at the mean size). Exact
 * splitting would take D·N steps per size, too slow at tens of thousands of students.
 */
function cheapestSplit(
  students: number,
  divisions: number,
  low: number,
  costOfSize: readonly number[],
): number {
  const mean = students / divisions;
  let best = Infinity;
  costOfSize.forEach((smallCost, i) => {
    const small = low + i;
    if (small > mean) return;
    costOfSize.forEach((largeCost, j) => {
      const large = low + j;
      if (large < mean || !Number.isFinite(smallCost + largeCost)) return;
      const largeShare = large === small ? 0 : (mean - small) / (large - small);
      best = Math.min(best, divisions * ((1 - largeShare) * smallCost + largeShare * largeCost));
    });
  });
  return Number.isFinite(best) ? best : 0;
}
