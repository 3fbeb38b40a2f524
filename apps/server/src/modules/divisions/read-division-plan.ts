import type { DivisionSuggestion } from '@rollbook/contract';
import { electiveBatchPrefixes, splitIntoBatches, type BatchPolicy } from '@rollbook/planner';
import type { OfferedRow } from '../../domain/subjects/subject-rows';
import type { DivisionRowsInput } from './divisions.repository';
import { plannerSubjects, studentLabel, type PlanningRoster, type RosterStudent } from './planning-roster';

/** A plan that can be stored, or every reason it cannot. */
export type ReadDivisionPlan = { divisions: DivisionRowsInput[] } | { problems: string[] };

/** Division names the master timetable can refer to (`BE-7-A_A1-…`): one capital letter. */
const DIVISION_NAME = /^[A-Z]$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** "a, b, c and 4 more": long lists stay readable in one error message. */
export function listSome(items: readonly string[], shown = 5): string {
  if (items.length <= shown) return items.join(', ');
  return `${items.slice(0, shown).join(', ')} and ${items.length - shown} more`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function byEnrollment(a: RosterStudent, b: RosterStudent): number {
  return a.enrollment < b.enrollment ? -1 : a.enrollment > b.enrollment ? 1 : a.studentId - b.studentId;
}

interface BatchDraft {
  name: string;
  kind: 'core' | 'elective';
  subject: OfferedRow | null;
  students: RosterStudent[];
}

/** Each given division's distinct known members, the unknown slugs, and where each student sits. */
function readMembership(plan: DivisionSuggestion, roster: PlanningRoster, names: string[]) {
  const bySlug = new Map(roster.students.map((s) => [s.slug, s]));
  const unknown = new Set<string>();
  const placedIn = new Map<string, string[]>();
  const members = plan.divisions.map((division, d) => {
    const seen = new Map<string, RosterStudent>();
    for (const batch of division.batches) {
      for (const { slug } of batch.students) {
        const student = bySlug.get(slug);
        if (!student) unknown.add(slug);
        else seen.set(slug, student);
      }
    }
    for (const slug of seen.keys()) placedIn.set(slug, [...(placedIn.get(slug) ?? []), names[d] ?? '']);
    return [...seen.values()].sort(byEnrollment);
  });
  return { bySlug, unknown, placedIn, members };
}

/**
 * Reads a division plan sent to `confirm_suggested_divisions/` (a suggestion echoed back, or a
 * manual plan of the same shape) against the semester's real students and subjects, and returns
 * the rows to store or every problem found: students unknown to the semester, placed in two
 * divisions or in none; division names that are not single capital letters or are repeated;
 * batch names that are neither the division's core batches (A1, A2) nor an elective's (ML1);
 * core batches that do not hold every student of their division exactly once; elective batches
 * holding students who did not choose that elective or missing some who did. Elective batches a
 * division needs (it mixes students who take an elective with students who do not) but the plan
 * lacks are cut by the batch rule, so manual plans end up with the same batches as suggestions.
 * Each batch is linked to the subjects whose practicals it takes: core batches to the core
 * subjects and to electives the whole division takes, elective batches to their elective.
 */
export function readDivisionPlan(
  plan: DivisionSuggestion,
  roster: PlanningRoster,
  batchPolicy?: BatchPolicy,
): ReadDivisionPlan {
  const problems: string[] = [];
  const names = plan.divisions.map((division) => division.division_name.trim());
  for (const name of new Set(names)) {
    if (!DIVISION_NAME.test(name)) {
      problems.push(
        `"${name}" cannot name a division: use one capital letter (A to Z), as the master timetable refers to divisions by letter`,
      );
    }
    const times = names.filter((n) => n === name).length;
    if (times > 1) problems.push(`Division ${name} is listed ${times} times`);
  }

  const { unknown, placedIn, members } = readMembership(plan, roster, names);
  if (unknown.size > 0) {
    problems.push(
      `${plural(unknown.size, 'student listed is', 'students listed are')} not in this semester: ${listSome([...unknown])}`,
    );
  }
  const twice = roster.students.filter((s) => (placedIn.get(s.slug)?.length ?? 0) > 1);
  if (twice.length > 0) {
    problems.push(
      `${plural(twice.length, 'student is', 'students are')} in more than one division: ${listSome(
        twice.map((s) => `${studentLabel(s)} in ${placedIn.get(s.slug)?.join(' and ')}`),
      )}`,
    );
  }
  const missing = roster.students.filter((s) => !placedIn.has(s.slug));
  if (missing.length > 0) {
    problems.push(
      `${plural(missing.length, 'student of the semester is', 'students of the semester are')} in no division: ${listSome(missing.map(studentLabel))}`,
    );
  }

  const electives = roster.subjects.filter((s) => s.isElective);
  // The same division names the planner chose its prefixes against (see electiveBatchPrefixes);
  // single letters here, which the one-letter rule already covers, but the two must not drift.
  const prefixes = electiveBatchPrefixes(plannerSubjects(roster.subjects), names);
  const electiveByPattern = electives.map((subject) => {
    // electiveBatchPrefixes gives every elective of the list a prefix.
    const prefix = prefixes.get(subject.offeredSlug)!;
    return { subject, prefix, pattern: new RegExp(`^${escapeRegExp(prefix)}[1-9][0-9]*$`) };
  });
  const coreSubjectIds = roster.subjects.filter((s) => !s.isElective).map((s) => s.offeredId);

  const divisions = plan.divisions.map((division, d): DivisionRowsInput => {
    const name = names[d] ?? '';
    const mine = members[d] ?? [];
    if (mine.length === 0) problems.push(`Division ${name} has no students of this semester`);
    const corePattern = new RegExp(`^${escapeRegExp(name)}[1-9][0-9]*$`);
    const drafts: BatchDraft[] = [];
    const batchNames = division.batches.map((batch) => batch.batch_name.trim());
    for (const [b, batch] of division.batches.entries()) {
      const batchName = batchNames[b] ?? '';
      if (batchNames.indexOf(batchName) !== b) {
        problems.push(`Division ${name} has two batches named "${batchName}"`);
        continue;
      }
      if (batch.students.length === 0)
        problems.push(`Batch ${batchName} of division ${name} has no students`);
      const listed = new Set(batch.students.map((student) => student.slug));
      const students = mine.filter((s) => listed.has(s.slug));
      if (corePattern.test(batchName)) {
        drafts.push({ name: batchName, kind: 'core', subject: null, students });
        continue;
      }
      const elective = electiveByPattern.find((e) => e.pattern.test(batchName));
      if (elective) {
        drafts.push({ name: batchName, kind: 'elective', subject: elective.subject, students });
        continue;
      }
      const example = electiveByPattern[0]
        ? ` or an elective's batch such as ${electiveByPattern[0].prefix}1`
        : '';
      problems.push(
        `Batch "${batchName}" of division ${name} is neither one of its core batches (${name}1, ${name}2, …)${example}`,
      );
    }

    const core = drafts.filter((b) => b.kind === 'core');
    const inCore = (s: RosterStudent) => core.filter((b) => b.students.includes(s)).map((b) => b.name);
    const noCore = mine.filter((s) => inCore(s).length === 0);
    if (noCore.length > 0) {
      problems.push(
        `${plural(noCore.length, 'student', 'students')} of division ${name} ${noCore.length === 1 ? 'is' : 'are'} in none of its core batches: ${listSome(noCore.map(studentLabel))}`,
      );
    }
    const severalCore = mine.filter((s) => inCore(s).length > 1);
    if (severalCore.length > 0) {
      problems.push(
        `${plural(severalCore.length, 'student', 'students')} of division ${name} ${severalCore.length === 1 ? 'is' : 'are'} in several core batches: ${listSome(
          severalCore.map((s) => `${studentLabel(s)} in ${inCore(s).join(' and ')}`),
        )}`,
      );
    }

    const wholeDivisionElectives: number[] = [];
    for (const { subject, prefix } of electiveByPattern) {
      const takers = mine.filter((s) => s.electives.includes(subject.offeredId));
      const given = drafts.filter((b) => b.subject?.offeredId === subject.offeredId);
      if (given.length === 0) {
        if (takers.length === mine.length && takers.length > 0)
          wholeDivisionElectives.push(subject.offeredId);
        if (takers.length === 0 || takers.length === mine.length) continue;
        for (const cut of splitIntoBatches(
          prefix,
          takers.map((s) => s.slug),
          batchPolicy,
        )) {
          if (drafts.some((b) => b.name === cut.name)) {
            problems.push(
              `Division ${name} needs a batch ${cut.name} for ${subject.subjectName}, but that name is taken`,
            );
          }
          drafts.push({
            name: cut.name,
            kind: 'elective',
            subject,
            students: takers.filter((s) => cut.students.includes(s.slug)),
          });
        }
        continue;
      }
      for (const batch of given) {
        const outsiders = batch.students.filter((s) => !s.electives.includes(subject.offeredId));
        if (outsiders.length > 0) {
          problems.push(
            `Batch ${batch.name} of division ${name} is for ${subject.subjectName}, which ${listSome(outsiders.map(studentLabel))} did not choose`,
          );
        }
      }
      const batchesOf = (s: RosterStudent) => given.filter((b) => b.students.includes(s)).map((b) => b.name);
      const unbatched = takers.filter((s) => batchesOf(s).length === 0);
      if (unbatched.length > 0) {
        problems.push(
          `${plural(unbatched.length, 'student', 'students')} of division ${name} who chose ${subject.subjectName} ${unbatched.length === 1 ? 'is' : 'are'} in none of its ${prefix} batches: ${listSome(unbatched.map(studentLabel))}`,
        );
      }
      const doubled = takers.filter((s) => batchesOf(s).length > 1);
      if (doubled.length > 0) {
        problems.push(
          `${listSome(doubled.map((s) => `${studentLabel(s)} in ${batchesOf(s).join(' and ')}`))}: a student takes one ${prefix} batch of division ${name}`,
        );
      }
    }

    return {
      name,
      studentIds: mine.map((s) => s.studentId),
      batches: drafts.map((b) => ({
        name: b.name,
        kind: b.kind,
        offeredSubjectId: b.subject?.offeredId ?? null,
        studentIds: b.students.map((s) => s.studentId),
        subjectIds: b.subject ? [b.subject.offeredId] : [...coreSubjectIds, ...wholeDivisionElectives],
      })),
    };
  });

  return problems.length > 0 ? { problems } : { divisions };
}
