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
 * letters of its name, then its slug, then its slug followed by "-". A prefix is also skipped when
 * it is one of `divisionNames` or differs from one only by trailing digits (division AB and
 * "Advanced Biology" would both give AB1; division ML and Machine Learning ML1). So an elective's
 * batches never share a name with another elective's or with a core batch. Keyed by subject slug;
 * whoever reads batch names back must pass the same division names.
 */
export function electiveBatchPrefixes(
  subjects: readonly PlannerSubject[],
  divisionNames: readonly string[] = [],
): Map<string, string> {
  const prefixes = new Map<string, string>();
  const used = new Set<string>();
  // A prefix that is a division's name, or that name with digits after it (or the reverse), would
  // number batches like that division's core batches: AB1 of "Advanced Biology" in division AB.
  const digitsAfter = (longer: string, shorter: string) =>
    longer.startsWith(shorter) && /^[0-9]*$/.test(longer.slice(shorter.length));
  const readsAsCore = (c: string) =>
    READS_AS_CORE_BATCH.test(c) || divisionNames.some((name) => digitsAfter(c, name) || digitsAfter(name, c));
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
    const prefix = candidates.find((c) => c !== '' && !used.has(c) && !readsAsCore(c)) ?? `${slug}-`;
    used.add(prefix);
    prefixes.set(subject.slug, prefix);
  }
  return prefixes;
}

/**
 * The lab batches of one division: its core batches, then, per elective (in subject order) taken by
 * some but not all of its students, that elective's batches over its students in division order.
 */
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
  // One pass over the parts buckets the students by elective, so the work is linear in the
  // division's students and their choices (a part-by-elective scan took ~50 ms at 5,000 students).
  const takingByElective = new Map<string, string[]>();
  for (const part of parts) {
    for (const elective of part.electives) {
      const taking = takingByElective.get(elective);
      if (taking) taking.push(...part.students);
      else takingByElective.set(elective, [...part.students]);
    }
  }
  const order = new Map(students.map((slug, index) => [slug, index]));
  for (const subject of electiveSubjects) {
    const taking = takingByElective.get(subject.slug);
    // When the whole division takes the elective its core batches serve; no extra batches.
    if (!taking || taking.length === students.length) continue;
    taking.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const prefix = prefixes.get(subject.slug) ?? subject.slug.toUpperCase();
    for (const batch of splitIntoBatches(prefix, taking, policy)) {
      batches.push({ ...batch, kind: 'elective', subject: subject.slug });
    }
  }
  return batches;
}

/** Per division, how many lab batches each elective has of its own and which electives it teaches. */
interface DivisionTally {
  readonly coreBatches: number;
  readonly ownBatches: ReadonlyMap<string, number>;
  readonly taught: ReadonlySet<string>;
}

function tallyDivision(division: PlannedDivision): DivisionTally {
  let coreBatches = 0;
  const ownBatches = new Map<string, number>();
  for (const batch of division.batches) {
    if (batch.kind === 'core') coreBatches += 1;
    else if (batch.subject !== null) ownBatches.set(batch.subject, (ownBatches.get(batch.subject) ?? 0) + 1);
  }
  return { coreBatches, ownBatches, taught: new Set(division.parts.flatMap((part) => part.electives)) };
}

/**
 * The hours overview: per subject, divisions k, lab batches b and
 * final theory = L·k, final tutorial = T·k, final practical = P·b (see {@link HoursRow}).
 */
export function hoursOverview(
  subjects: readonly PlannerSubject[],
  divisions: readonly PlannedDivision[],
): HoursRow[] {
  const tallies = divisions.filter((division) => division.size > 0).map(tallyDivision);
  return subjects.map((subject) => {
    let taught = 0;
    let labBatches = 0;
    for (const tally of tallies) {
      if (subject.elective && !tally.taught.has(subject.slug)) continue;
      const own = tally.ownBatches.get(subject.slug) ?? 0;
      taught += 1;
      labBatches += own > 0 ? own : tally.coreBatches;
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

/** Some students of one choice group (by its index in the problem) placed in one division. */
export interface GroupShare {
  readonly group: number;
  readonly students: readonly string[];
}

/**
 * Students per division, by choice group: `membership[division]` lists the groups it holds (only
 * those, in group order), so a plan costs work in its students, not in divisions × groups.
 */
export type Membership = readonly (readonly GroupShare[])[];

/**
 * Builds named divisions with students, parts, batches, the hours overview and the objective from
 * explicit membership (divisions in the given order). Shared by the optimiser and manual plans.
 */
export function assemblePlan(
  context: PlanContext,
  membership: Membership,
): { divisions: PlannedDivision[]; hours: HoursRow[]; objective: PlanObjective } {
  const { problem, subjects, students } = context;
  // Enrolment rank of each student, so each division sorts by a number.
  const rank = new Map(
    [...students].sort(compareStudents).map((student, index) => [student.slug, index] as const),
  );
  const names = membership.map((_, position) => context.divisionNames?.[position] ?? divisionName(position));
  const prefixes = electiveBatchPrefixes(subjects, names);
  const electiveSubjects = subjects.filter((subject) => subject.elective);
  const divisions = membership.map((shares, position) => {
    const name = names[position] ?? divisionName(position);
    const parts: DivisionPart[] = [];
    for (const { group: g, students: slugs } of shares) {
      const group = problem.groups[g];
      if (group && slugs.length > 0)
        parts.push({ groupKey: group.key, electives: group.electives, students: slugs });
    }
    const members = parts
      .flatMap((part) => part.students)
      .filter((slug) => rank.has(slug))
      .sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    return {
      name,
      size: members.length,
      students: members,
      parts,
      batches: divisionBatches(name, members, parts, electiveSubjects, prefixes, context.batchPolicy),
    };
  });
  const counts = problem.groups.map(() => new Array<number>(membership.length).fill(0));
  membership.forEach((shares, d) => {
    for (const { group, students: slugs } of shares) {
      const row = counts[group];
      if (row) row[d] = (row[d] ?? 0) + slugs.length;
    }
  });
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
  const membership = order.map(() => [] as GroupShare[]);
  problem.groups.forEach((group, g) => {
    let next = 0;
    order.forEach((d, position) => {
      const take = counts[g]?.[d] ?? 0;
      if (take > 0)
        membership[position]?.push({ group: g, students: group.students.slice(next, next + take) });
      next += take;
    });
  });
  return assemblePlan(context, membership);
}
