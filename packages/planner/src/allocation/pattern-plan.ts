import { coveredHours } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';
import { priceTeacher, pricingTeacher, subjectNumbers } from './teacher-pricing';
import type { PricedPattern } from './teacher-pricing';

/**
 * An allocation from the teachers' Lagrangian patterns (lagrangian-bound.ts): each teacher takes
 * their pattern; where the patterns ask for more units of a class than it has, the teachers who
 * value them least give the excess back (highest rank first, then the one with the most units of
 * it, then the higher index). The result keeps every maximum and supply; the units still missing
 * are for the coverage repair. Deterministic.
 */
export function planFromPatterns(
  problem: AllocationProblem,
  patterns: readonly PricedPattern[],
): ClassCounts {
  const counts = problem.classes.map(() => problem.teachers.map(() => 0));
  patterns.forEach((pattern, t) => {
    for (const [c, units] of pattern.units) {
      const row = counts[c];
      if (row) row[t] = (row[t] ?? 0) + units;
    }
  });
  problem.classes.forEach((unitClass, c) => {
    const row = counts[c];
    if (!row) return;
    let excess = row.reduce((sum, value) => sum + value, 0) - unitClass.units.length;
    if (excess <= 0) return;
    const rank = (t: number) => problem.teachers[t]?.ranks.get(unitClass.subject) ?? 1;
    const holders = row
      .map((units, t) => ({ units, t }))
      .filter(({ units }) => units > 0)
      .sort((x, y) => rank(y.t) - rank(x.t) || y.units - x.units || y.t - x.t);
    for (const holder of holders) {
      if (excess <= 0) break;
      const back = Math.min(excess, holder.units);
      row[holder.t] = holder.units - back;
      excess -= back;
    }
  });
  return counts;
}

/** Hours the patterns cover after the excess is given back (for choosing among candidates). */
export function patternCoverage(problem: AllocationProblem, patterns: readonly PricedPattern[]): number {
  return coveredHours(problem, planFromPatterns(problem, patterns));
}

/**
 * An allocation priced teacher by teacher at the Lagrangian values: each teacher in `order` takes
 * their best pattern among the units the earlier ones left. At the bound's values most teachers are
 * indifferent between several patterns, so their independent choices (planFromPatterns) pile onto
 * the same classes; taking turns makes them fit together. Deterministic.
 */
export function planBySequentialPricing(
  problem: AllocationProblem,
  share: number,
  values: ArrayLike<number>,
  subjectValues: ArrayLike<number>,
  order: readonly number[],
): ClassCounts {
  const counts = problem.classes.map(() => problem.teachers.map(() => 0));
  const left = problem.classes.map((unitClass) => unitClass.units.length);
  const numbers = subjectNumbers(problem);
  for (const t of order) {
    const pattern = priceTeacher(pricingTeacher(problem, t, share, left, numbers), values, subjectValues);
    for (const [c, units] of pattern.units) {
      const row = counts[c];
      if (row) row[t] = (row[t] ?? 0) + units;
      left[c] = (left[c] ?? 0) - units;
    }
  }
  return counts;
}

/**
 * A coverage start: teachers with the fewest ranked subjects first, each fills as many of their
 * hours as the units left allow (an hour is worth more than any rank and pair cost a teacher's
 * pattern can have, so the knapsack maximises hours first, then prefers low ranks and few
 * subjects). Where capacity is the limit, whole-teacher knapsacks find exact fills that the
 * unit-by-unit greedy misses (capacity-bound, 110 teachers: 1,662 of 1,662 h where the greedy and
 * its ejection chains reach 1,655). Deterministic.
 */
export function coverageByPricing(problem: AllocationProblem): ClassCounts {
  const { weights } = problem;
  const worstRank = Math.max(1, ...problem.teachers.map((teacher) => teacher.ranks.size));
  const mostHours = Math.max(0, ...problem.teachers.map((teacher) => teacher.maxHours));
  const hourValue =
    1 + weights.rank * worstRank * mostHours + weights.teacherPerSubject * (worstRank + mostHours);
  const values = problem.classes.map((unitClass) => hourValue * unitClass.hours);
  const order = problem.teachers
    .map((_, t) => t)
    .sort((a, b) => (problem.teachers[a]?.ranks.size ?? 0) - (problem.teachers[b]?.ranks.size ?? 0) || a - b);
  // share 1: fair loads at the maximum, so no overload cost bends the fill.
  return planBySequentialPricing(problem, 1, values, [], order);
}
