import type { ExcelFile } from '@rollbook/contract';
import type { SemesterScope } from '../../domain/caller-scope';
import { buildWorkbook } from '../../lib/workbook';
import type { StoredDivision } from './divisions.repository';
import type { PlanningRoster } from './planning-roster';

/** A file name made of letters, digits and underscores only. */
function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/**
 * One division's students as a workbook (§10.5): one row per student by enrolment with their core
 * batch, elective batches and chosen electives ("Not chosen" for students who never finalised
 * them). Cells are typed values, never formulas.
 */
export function divisionWorkbook(
  semester: SemesterScope,
  division: StoredDivision,
  roster: PlanningRoster,
): Promise<ExcelFile> {
  const subjectName = new Map(roster.subjects.map((s) => [s.offeredId, s.subjectName]));
  const rosterOf = new Map(roster.students.map((s) => [s.studentId, s]));
  const rows = division.students.map((student) => {
    const batchesOf = (kind: 'core' | 'elective') =>
      division.batches
        .filter((b) => b.kind === kind && b.students.some((s) => s.studentId === student.studentId))
        .map((b) => b.name)
        .join(', ');
    const placed = rosterOf.get(student.studentId);
    const electives = !placed
      ? ''
      : placed.chosen
        ? placed.electives.map((id) => subjectName.get(id) ?? '').join(', ')
        : 'Not chosen';
    return [
      student.enrollment,
      student.name?.trim() || student.enrollment,
      student.email,
      batchesOf('core'),
      batchesOf('elective'),
      electives,
    ];
  });
  const fileName = `division_${fileSafe(division.name)}_${fileSafe(semester.stream.title)}_semester_${semester.no}.xlsx`;
  return buildWorkbook(fileName, [
    {
      name: `Division ${division.name}`,
      columns: [
        { header: 'Enrollment', width: 16 },
        { header: 'Student', width: 28 },
        { header: 'Email', width: 36 },
        { header: 'Batch', width: 10 },
        { header: 'Elective batches', width: 20 },
        { header: 'Electives', width: 60 },
      ],
      rows,
    },
  ]);
}
