import type { Counts, DivisionProblem } from './problem';

/** The quality of a division assignment, in the planner's order of importance. */
export interface AssignmentScore {
  readonly divisions: number;
  /** Weekly teaching hours: core hours in every division plus k_s × (L+T+P) per elective. */
  readonly teachingHours: number;
  /** Extra pieces: Σ over groups of (divisions holding the group − 1). */
  readonly groupSplits: number;
  /** Largest minus smallest division size. */
  readonly sizeSpread: number;
  readonly sizes: readonly number[];
  /** k_s: per elective, the number of divisions teaching it. */
  readonly electiveDivisions: readonly number[];
}

/** Division sizes of an assignment. */
export function divisionSizes(problem: DivisionProblem, counts: Counts): number[] {
  const sizes = new Array<number>(problem.divisionCount).fill(0);
  for (const row of counts) row.forEach((value, d) => (sizes[d] = (sizes[d] ?? 0) + value));
  return sizes;
}

/** Scores an assignment matrix (no feasibility check; see {@link assignmentIssues}). */
export function scoreAssignment(problem: DivisionProblem, counts: Counts): AssignmentScore {
  const sizes = divisionSizes(problem, counts);
  const electiveDivisions = problem.electiveGroups.map((groups) => {
    let taught = 0;
    for (let d = 0; d < problem.divisionCount; d += 1) {
      if (groups.some((g) => (counts[g]?.[d] ?? 0) > 0)) taught += 1;
    }
    return taught;
  });
  const electiveHours = electiveDivisions.reduce((sum, k, e) => sum + k * (problem.electiveHours[e] ?? 0), 0);
  const used = sizes.filter((size) => size > 0).length;
  const groupSplits = counts.reduce((sum, row) => sum + Math.max(0, row.filter((v) => v > 0).length - 1), 0);
  return {
    divisions: used,
    teachingHours: problem.coreHoursPerDivision * used + electiveHours,
    groupSplits,
    sizeSpread: sizes.length > 0 ? Math.max(...sizes) - Math.min(...sizes) : 0,
    sizes,
    electiveDivisions,
  };
}

/** Negative when `a` is better: fewer hours, then fewer splits, then a smaller spread. */
export function compareScores(a: AssignmentScore, b: AssignmentScore): number {
  return a.teachingHours - b.teachingHours || a.groupSplits - b.groupSplits || a.sizeSpread - b.sizeSpread;
}

/**
 * `candidate` when it is a valid plan strictly better than `current` ({@link compareScores}),
 * else `current` itself: how a solver's or a recombination's answer replaces the plan in hand.
 */
export function betterValidPlan(problem: DivisionProblem, current: Counts, candidate: Counts): Counts {
  if (assignmentIssues(problem, candidate).length > 0) return current;
  const better = compareScores(scoreAssignment(problem, candidate), scoreAssignment(problem, current)) < 0;
  return better ? candidate : current;
}

/** Every way the matrix breaks the problem's constraints (empty when feasible). */
export function assignmentIssues(problem: DivisionProblem, counts: Counts): string[] {
  const issues: string[] = [];
  problem.groups.forEach((group, g) => {
    const row = counts[g] ?? [];
    if (row.some((value) => !Number.isInteger(value) || value < 0)) issues.push(`group ${g} has a bad count`);
    const placed = row.reduce((sum, value) => sum + value, 0);
    if (placed !== group.size) issues.push(`group ${g}: ${placed} of ${group.size} students placed`);
  });
  const sizes = divisionSizes(problem, counts);
  sizes.forEach((size, d) => {
    if (size > problem.maxDivisionSize)
      issues.push(`division ${d} holds ${size} > ${problem.maxDivisionSize}`);
  });
  if (sizes.length > 0 && Math.max(...sizes) - Math.min(...sizes) > problem.spreadLimit) {
    issues.push(`size spread ${Math.max(...sizes) - Math.min(...sizes)} exceeds ${problem.spreadLimit}`);
  }
  return issues;
}

/** A trivial but valid lower bound on teaching hours: each elective needs ceil(n_s / largest size) divisions. */
export function combinatorialLowerBound(problem: DivisionProblem): number {
  const perDivision = Math.max(1, problem.sizeHigh);
  return problem.electiveStudents.reduce(
    (sum, students, e) => sum + Math.ceil(students / perDivision) * (problem.electiveHours[e] ?? 0),
    problem.coreHoursPerDivision * problem.divisionCount,
  );
}
