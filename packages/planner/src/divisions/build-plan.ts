import { compareStudents } from '../model';
import type { BatchPolicy, PlannerStudent, PlannerSubject } from '../model';
import { divisionName, splitIntoBatches, subjectInitials } from './batches';
import { scoreAssignment } from './evaluate';
import type { Counts, DivisionProblem } from './problem';
import type { DivisionPart, HoursRow, PlannedBatch, PlannedDivision, PlanObjective } from './types';

/** What {@link buildPlanBody} needs besides the assignment matrix. */
export interface PlanContext {
  readonly problem: DivisionProblem;
  readonly subjects: readonly PlannerSubject[];
  readonly students: readonly PlannerStudent[];
  readonly batchPolicy?: BatchPolicy;
  readonly divisionNames?: readonly string[];
}

/**
 * Puts divisions into a canonical order: the division with most students of the first (largest)
 * group first, and so on, so equivalent matrices from different solver runs read the same.
 */
export function canonicalOrder(counts: Counts, divisionCount: number): number[] {
  const order = Array.from({ length: divisionCount }, (_, d) => d);
  return order.sort((a, b) => {
    for (const row of counts) {
      const difference = (row[b] ?? 0) - (row[a] ?? 0);
      if (difference !== 0) return difference;
    }
    return a - b;
  });
}

/**
 * One letter, maybe followed by digits: batches named from it (A1, A2) would be, or read as, the
 * core batches of a division (divisions are named with letters, at most 26 of them).
 */
const READS_AS_CORE_BATCH = /^\p{L}[0-9]*$/u;

/**
 * The name prefix of each elective's lab batches (ML for ML1, ML2): its short name, else the
 * initials of its name; when that is taken by an earlier elective or would read as a division's
 * core batches (a one-word "Algorithms" gives A, and A1 is division A's first batch), the first two
 * letters of its name, then its slug, then its slug followed by "-". So an elective's batches never
 * share a name with another elective's or with a core batch. Keyed by subject slug.
 */
export function electiveBatchPrefixes(subjects: readonly PlannerSubject[]): Map<string, string> {
  const prefixes = new Map<string, string>();
  const used = new Set<string>();
  for (const subject of subjects.filter((s) => s.elective)) {
    const slug = subject.slug.toUpperCase();
    const candidates = [
      subject.shortName?.trim() || subjectInitials(subject.name),
      subject.name
        .replace(/[^\p{L}]/gu, '')
        .slice(0, 2)
        .toUpperCase(),
      slug,
    ];
    const prefix =
      candidates.find((c) => c !== '' && !used.has(c) && !READS_AS_CORE_BATCH.test(c)) ?? `${slug}-`;
    used.add(prefix);
    prefixes.set(subject.slug, prefix);
  }
  return prefixes;
}

function divisionBatches(
  name: string,
  students: readonly string[],
  parts: readonly DivisionPart[],
  electiveSubjects: readonly PlannerSubject[],
  prefixes: ReadonlyMap<string, string>,
  policy: BatchPolicy | undefined,
): PlannedBatch[] {
  const batches: PlannedBatch[] = splitIntoBatches(name, students, policy).map((batch) => ({
    ...batch,
    kind: 'core',
    subject: null,
  }));
  if (parts.length <= 1) return batches;
  const order = new Map(students.map((slug, index) => [slug, index]));
  for (const subject of electiveSubjects) {
    const taking = parts
      .filter((part) => part.electives.includes(subject.slug))
      .flatMap((part) => part.students)
      .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    // When the whole division takes the elective its core batches serve; no extra batches.
    if (taking.length === 0 || taking.length === students.length) continue;
    const prefix = prefixes.get(subject.slug) ?? subject.slug.toUpperCase();
    for (const batch of splitIntoBatches(prefix, taking, policy)) {
      batches.push({ ...batch, kind: 'elective', subject: subject.slug });
    }
  }
  return batches;
}

/**
 * The hours overview: per subject, divisions k, lab batches b and
 * final theory = L·k, final tutorial = T·k, final practical = P·b (see {@link HoursRow}).
 */
export function hoursOverview(
  subjects: readonly PlannerSubject[],
  divisions: readonly PlannedDivision[],
): HoursRow[] {
  return subjects.map((subject) => {
    let taught = 0;
    let labBatches = 0;
    for (const division of divisions) {
      if (division.size === 0) continue;
      const own = division.batches.filter((batch) => batch.subject === subject.slug).length;
      const core = division.batches.filter((batch) => batch.kind === 'core').length;
      const takes = !subject.elective || division.parts.some((part) => part.electives.includes(subject.slug));
      if (!takes) continue;
      taught += 1;
      labBatches += own > 0 ? own : core;
    }
    const finalTheory = subject.L * taught;
    const finalTutorial = subject.T * taught;
    const finalPractical = subject.P * labBatches;
    return {
      subject: subject.slug,
      subjectName: subject.name,
      elective: subject.elective,
      totalDivisions: taught,
      labBatches,
      initialTheory: subject.L,
      initialTutorial: subject.T,
      initialPractical: subject.P,
      finalTheory,
      finalTutorial,
      finalPractical,
      finalTotal: finalTheory + finalTutorial + finalPractical,
    };
  });
}

/** Students per division and group: `membership[division][group]` lists student slugs. */
export type Membership = readonly (readonly (readonly string[])[])[];

/**
 * Builds named divisions with students, parts, batches, the hours overview and the objective from
 * explicit membership (divisions in the given order). Shared by the optimiser and manual plans.
 */
export function assemblePlan(
  context: PlanContext,
  membership: Membership,
): { divisions: PlannedDivision[]; hours: HoursRow[]; objective: PlanObjective } {
  const { problem, subjects, students } = context;
  const bySlug = new Map(students.map((student) => [student.slug, student]));
  const prefixes = electiveBatchPrefixes(subjects);
  const electiveSubjects = subjects.filter((subject) => subject.elective);
  const divisions = membership.map((byGroup, position) => {
    const name = context.divisionNames?.[position] ?? divisionName(position);
    const parts: DivisionPart[] = [];
    byGroup.forEach((slugs, g) => {
      const group = problem.groups[g];
      if (group && slugs.length > 0)
        parts.push({ groupKey: group.key, electives: group.electives, students: slugs });
    });
    const members = parts
      .flatMap((part) => part.students)
      .map((slug) => bySlug.get(slug))
      .filter((student): student is PlannerStudent => student !== undefined)
      .sort(compareStudents)
      .map((student) => student.slug);
    return {
      name,
      size: members.length,
      students: members,
      parts,
      batches: divisionBatches(name, members, parts, electiveSubjects, prefixes, context.batchPolicy),
    };
  });
  const counts = problem.groups.map((_, g) => membership.map((byGroup) => byGroup[g]?.length ?? 0));
  const score = scoreAssignment(problem, counts);
  return {
    divisions,
    hours: hoursOverview(subjects, divisions),
    objective: {
      divisions: score.divisions,
      teachingHours: score.teachingHours,
      sizeSpread: score.sizeSpread,
      groupSplits: score.groupSplits,
    },
  };
}

/**
 * Turns an assignment matrix into a plan (see {@link assemblePlan}). Students of a split group are
 * dealt out in enrolment order over the divisions in canonical order, so the result is a pure
 * function of the matrix.
 */
export function buildPlanBody(
  context: PlanContext,
  counts: Counts,
): { divisions: PlannedDivision[]; hours: HoursRow[]; objective: PlanObjective } {
  const { problem } = context;
  const order = canonicalOrder(counts, problem.divisionCount);
  const membership = order.map(() => problem.groups.map(() => [] as string[]));
  problem.groups.forEach((group, g) => {
    let next = 0;
    order.forEach((d, position) => {
      const take = counts[g]?.[d] ?? 0;
      const slot = membership[position];
      if (slot) slot[g] = group.students.slice(next, next + take);
      next += take;
    });
  });
  return assemblePlan(context, membership);
}
