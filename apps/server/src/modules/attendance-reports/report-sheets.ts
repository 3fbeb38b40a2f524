import type { SubjectTally } from '../../domain/attendance-record';
import { csvDocument, numberCell, textCell } from '../../lib/csv';
import type { SheetSpec } from '../../lib/workbook';

/** The columns of an exported report, one row per student and subject. */
const COLUMNS = [
  { header: 'Enrollment', width: 16 },
  { header: 'Name', width: 28 },
  { header: 'Division', width: 10 },
  { header: 'Subject code', width: 14 },
  { header: 'Subject', width: 32 },
  { header: 'Held', width: 8 },
  { header: 'Attended', width: 10 },
  { header: 'Excused', width: 10 },
  { header: 'Absent', width: 8 },
  { header: 'Percentage', width: 12 },
];

/** A report's tallies as a worksheet (typed cells: a name like "=1+1" stays text). */
export function tallySheet(name: string, tallies: SubjectTally[]): SheetSpec {
  return {
    name,
    columns: COLUMNS,
    rows: tallies.map((t) => [
      t.enrollment,
      t.studentName ?? '',
      t.divisionName ?? '',
      t.subjectCode,
      t.subjectName,
      t.held,
      t.attended,
      t.excused,
      t.absent,
      t.percentage,
    ]),
  };
}

/** The same rows as CSV, every text cell formula-safe. */
export function tallyCsv(tallies: SubjectTally[]): string {
  return csvDocument([
    COLUMNS.map((c) => c.header),
    ...tallies.map((t) => [
      textCell(t.enrollment),
      textCell(t.studentName ?? ''),
      textCell(t.divisionName ?? ''),
      textCell(t.subjectCode),
      textCell(t.subjectName),
      String(t.held),
      String(t.attended),
      String(t.excused),
      String(t.absent),
      numberCell(t.percentage, 2),
    ]),
  ]);
}

/** The §13 detention table: the columns the later client shows. */
export const DETAINED_COLUMNS = [
  'Enrollment',
  'Name',
  'Division',
  'Held',
  'Attended',
  'Excused',
  'Absent',
  'Percentage',
];

export function detainedDetails(tallies: SubjectTally[]): (string | number | null)[][] {
  return tallies.map((t) => [
    t.enrollment,
    t.studentName ?? '',
    t.divisionName ?? '',
    t.held,
    t.attended,
    t.excused,
    t.absent,
    t.percentage,
  ]);
}
