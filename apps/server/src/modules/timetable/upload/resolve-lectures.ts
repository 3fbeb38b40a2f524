import { valuePlace, type DraftValue, type FileIssue, type LectureDraft, type LectureType } from './drafts';
import {
  refKey,
  type DivisionRef,
  type ReferenceData,
  type SemesterRef,
  type SubjectRef,
} from './reference-data';
import type { Weekday } from '../../../lib/week';

/** A lecture with every name replaced by the row it names: ready to be checked for clashes and saved. */
export interface ResolvedLecture {
  draft: LectureDraft;
  semesterId: number;
  divisionId: number;
  /** "BE 7 A", for messages and logs. */
  divisionLabel: string;
  day: Weekday;
  start: number;
  end: number;
  type: LectureType;
  offeredSubjectId: number;
  subjectLabel: string;
  teacherId: number;
  teacherCode: string;
  classroomId: number;
  batchIds: number[];
}

const list = (names: string[]) => (names.length === 0 ? 'none yet' : names.join(', '));

/** Picks the semester a code names; ambiguity between branches is settled by the file's title lines. */
function chooseSemester(
  ref: ReferenceData,
  preamble: string,
  stream: string,
  no: number,
): SemesterRef | { error: string } {
  let candidates = ref.semesters.filter((s) => s.streamTitle.toUpperCase() === stream && s.no === no);
  if (candidates.length === 0) return { error: `There is no ${stream} semester ${no} in your branches` };
  if (candidates.some((s) => s.isActive)) candidates = candidates.filter((s) => s.isActive);
  const branches = new Set(candidates.map((s) => s.branchName));
  if (branches.size > 1) {
    const text = preamble.toLowerCase();
    const named = candidates.filter(
      (s) =>
        text.includes(s.branchName.toLowerCase()) ||
        new RegExp(`(^|[^0-9a-z])${s.branchCode.toLowerCase()}([^0-9a-z]|$)`).test(text),
    );
    if (new Set(named.map((s) => s.branchName)).size === 1) candidates = named;
    else
      return {
        error: `${stream} semester ${no} exists in ${[...branches].join(' and ')}; name the branch in the title lines above the header`,
      };
  }
  // Several semesters of one stream with that number (old terms): the newest.
  return candidates.reduce((a, b) => (b.id > a.id ? b : a));
}

function chooseDivision(
  semester: SemesterRef,
  stream: string,
  name: string | null,
): DivisionRef | { error: string } {
  const label = `${stream} semester ${semester.no}`;
  if (semester.divisions.length === 0)
    return { error: `${label} has no divisions yet; create them before its timetable` };
  if (name === null) {
    if (semester.divisions.length === 1) return semester.divisions[0]!;
    return {
      error: `${label} has several divisions (${list(semester.divisions.map((d) => d.name))}); name one`,
    };
  }
  const division = semester.divisions.find((d) => d.name.toUpperCase() === name);
  if (!division) {
    return {
      error: `${label} has no division "${name}" (divisions: ${list(semester.divisions.map((d) => d.name))})`,
    };
  }
  return division;
}

function chooseSubject(semester: SemesterRef, stream: string, key: string): SubjectRef | { error: string } {
  const subject = semester.subjects.find(
    (s) => (s.shortName ?? '').toUpperCase() === key || s.code.toUpperCase() === key,
  );
  if (subject) return subject;
  const names = semester.subjects.map((s) => s.shortName ?? s.code);
  return {
    error: `${stream} semester ${semester.no} has no subject "${key}" (its subjects: ${list(names)})`,
  };
}

/** The batches of a whole-division lecture: those that take the subject, else (core subjects) all core batches. */
function batchesForWholeDivision(division: DivisionRef, subject: SubjectRef): number[] {
  const taking = division.batches.filter(
    (b) => subject.batchIds.has(b.id) || b.offeredSubjectId === subject.id,
  );
  if (taking.length > 0) return taking.map((b) => b.id);
  if (subject.isElective) return [];
  const core = division.batches.filter((b) => b.kind === 'core');
  return (core.length > 0 ? core : division.batches).map((b) => b.id);
}

/**
 * Looks up every name of every draft (semester, division, batches, subject, teacher, classroom)
 * and reports each one that does not exist, with the row and column it was written in. Unknown
 * teacher codes are reported once per code, and a teacher outside the division's branch once per
 * teacher and branch (a grid column can hold dozens of lectures).
 */
export function resolveLectures(
  drafts: LectureDraft[],
  ref: ReferenceData,
  preamble: string,
): { lectures: ResolvedLecture[]; issues: FileIssue[] } {
  const issues: FileIssue[] = [];
  const lectures: ResolvedLecture[] = [];
  const unknownTeachers = new Map<string, { issue: FileIssue; uses: number }>();
  const outsideBranch = new Map<string, { issue: FileIssue; uses: number }>();

  for (const draft of drafts) {
    // Each problem is reported at the column holding the value that is wrong.
    const at = (value: DraftValue, message: string) => issues.push({ ...valuePlace(draft, value), message });
    let ok = true;

    const teacher = ref.teachers.get(refKey(draft.teacherCode));
    if (!teacher) {
      ok = false;
      const seen = unknownTeachers.get(draft.teacherCode);
      if (seen) seen.uses++;
      else {
        const issue = {
          ...valuePlace(draft, 'teacher'),
          message: `No teacher has the code "${draft.teacherCode}"`,
        };
        issues.push(issue);
        unknownTeachers.set(draft.teacherCode, { issue, uses: 1 });
      }
    }
    const classroom = ref.classrooms.get(refKey(draft.classroomName));
    if (!classroom) {
      ok = false;
      at('classroom', `No classroom is named "${draft.classroomName}"`);
    }
    const semester = chooseSemester(ref, preamble, draft.stream, draft.semesterNo);
    if ('error' in semester) {
      // The semester is named by the division code (BE-7-A: stream BE, semester 7).
      at('division', semester.error);
      continue;
    }
    if (teacher && !teacher.branchIds.has(semester.branchId)) {
      ok = false;
      // A teacher of another branch only: the same rule as load allocation and the People page,
      // so a branch admin cannot put another branch's teacher on their lectures.
      const key = `${teacher.id}|${semester.branchId}`;
      const seen = outsideBranch.get(key);
      if (seen) seen.uses++;
      else {
        const issue = {
          ...valuePlace(draft, 'teacher'),
          message: `${teacher.name} (${teacher.code}) does not teach in ${semester.branchName}; an institution admin can add that branch to the teacher on the People page`,
        };
        issues.push(issue);
        outsideBranch.set(key, { issue, uses: 1 });
      }
    }
    const division = chooseDivision(semester, draft.stream, draft.divisionName);
    const subject = chooseSubject(semester, draft.stream, draft.subject);
    if ('error' in subject) {
      ok = false;
      at('subject', subject.error);
    }
    if ('error' in division) {
      at('division', division.error);
      continue;
    }
    let batchIds: number[] = [];
    if (draft.batchNames.length > 0) {
      for (const name of draft.batchNames) {
        const batch = division.batches.find((b) => b.name.toUpperCase() === name);
        if (batch) batchIds.push(batch.id);
        else {
          ok = false;
          at(
            'batches',
            `Division ${division.name} of ${draft.stream} semester ${semester.no} has no batch "${name}" (batches: ${list(division.batches.map((b) => b.name))})`,
          );
        }
      }
    } else if (!('error' in subject)) {
      batchIds = batchesForWholeDivision(division, subject);
      if (batchIds.length === 0) {
        ok = false;
        // No batches at all is the division's problem; none taking the subject is fixed in the batches column.
        if (division.batches.length === 0) {
          at(
            'division',
            `Division ${division.name} of ${draft.stream} semester ${semester.no} has no batches yet, so nobody would attend; create its batches first`,
          );
        } else {
          at(
            'batches',
            `No batch of division ${division.name} takes ${subject.shortName ?? subject.code}; name the batches`,
          );
        }
      }
    }
    if (!ok || !teacher || !classroom || 'error' in subject) continue;
    lectures.push({
      draft,
      semesterId: semester.id,
      divisionId: division.id,
      divisionLabel: `${draft.stream} ${semester.no} ${division.name}`,
      day: draft.day,
      start: draft.start,
      end: draft.end,
      type: draft.type,
      offeredSubjectId: subject.id,
      subjectLabel: subject.shortName ?? subject.code,
      teacherId: teacher.id,
      teacherCode: teacher.code,
      classroomId: classroom.id,
      batchIds: [...new Set(batchIds)],
    });
  }
  for (const { issue, uses } of [...unknownTeachers.values(), ...outsideBranch.values()]) {
    if (uses > 1) issue.message += ` (used by ${uses} lectures)`;
  }
  return { lectures, issues };
}
