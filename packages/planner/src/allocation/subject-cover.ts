import type { AllocationProblem } from './problem';

/** What any allocation covering `minCovered` hours must give one subject. */
export interface SubjectCover {
  readonly subject: string;
  /** The subject's classes (indices into `problem.classes`). */
  readonly classes: readonly number[];
  /** Hours of the subject's classes that have an eligible teacher. */
  readonly coverableHours: number;
  /** Hours of the subject every allocation with coverage ≥ minCovered must cover. */
  readonly requiredHours: number;
  /** Per teacher, the most hours of this subject they can take alone (whole units, within their maximum). */
  readonly mostHours: readonly number[];
  /** Fewest teachers who can cover `requiredHours`: a lower bound on the subject's teacher count. */
  readonly minTeachers: number;
}

/** The most hours of whole units (hours[i], at most counts[i] of each) that fit in `limit`. */
function mostHoursWithin(limit: number, hours: readonly number[], counts: readonly number[]): number {
  const cap = Math.floor(limit);
  const reach = new Array<boolean>(cap + 1).fill(false);
  reach[0] = true;
  hours.forEach((h, i) => {
    const count = Math.min(counts[i] ?? 0, Math.floor(cap / h));
    for (let copy = 0; copy < count; copy += 1) {
      for (let k = cap - h; k >= 0; k -= 1) if (reach[k]) reach[k + h] = true;
    }
  });
  return reach.lastIndexOf(true);
}

/**
 * Per subject, the hours any allocation with coverage ≥ `minCovered` must give it (coverage less
 * everything the other subjects could absorb) and the fewest teachers who can teach them, each
 * taking at most the whole units of the subject that fit in their maximum. Every feasible
 * allocation has at least `minTeachers` (subject, teacher) pairs on the subject, which the LP of
 * the fixed-charge model does not see (it pays a fraction of the pair cost per teacher).
 * Unit hours that are not whole numbers only weaken the bound (the knapsack works in whole hours,
 * rounding each teacher's maximum down and skipping fractional units), never make it invalid:
 * `mostHours` then falls back to the teacher's maximum.
 */
export function subjectCovers(problem: AllocationProblem, minCovered: number): SubjectCover[] {
  const bySubject = new Map<string, number[]>();
  problem.classes.forEach((unitClass, c) => {
    const list = bySubject.get(unitClass.subject) ?? [];
    list.push(c);
    bySubject.set(unitClass.subject, list);
  });
  const coverable = (c: number) =>
    (problem.eligible[c]?.length ?? 0) > 0
      ? (problem.classes[c]?.hours ?? 0) * (problem.classes[c]?.units.length ?? 0)
      : 0;
  const totalCoverable = problem.classes.reduce((sum, _, c) => sum + coverable(c), 0);
  return [...bySubject].map(([subject, classes]) => {
    const coverableHours = classes.reduce((sum, c) => sum + coverable(c), 0);
    const requiredHours = Math.max(0, minCovered - (totalCoverable - coverableHours));
    const whole = classes.every((c) => Number.isInteger(problem.classes[c]?.hours));
    const mostHours = problem.teachers.map((teacher, t) => {
      const own = classes.filter((c) => problem.eligible[c]?.includes(t));
      if (own.length === 0) return 0;
      if (!whole) return Math.min(teacher.maxHours, coverableHours);
      return mostHoursWithin(
        teacher.maxHours,
        own.map((c) => problem.classes[c]?.hours ?? 0),
        own.map((c) => problem.classes[c]?.units.length ?? 0),
      );
    });
    const largestFirst = [...mostHours].sort((x, y) => y - x);
    let minTeachers = 0;
    for (let sum = 0; sum < requiredHours - 1e-9 && minTeachers < largestFirst.length; minTeachers += 1) {
      sum += largestFirst[minTeachers] ?? 0;
    }
    return { subject, classes, coverableHours, requiredHours, mostHours, minTeachers };
  });
}
