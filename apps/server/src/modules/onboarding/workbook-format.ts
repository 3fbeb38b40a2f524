import { WORKBOOK_SHEETS, type WorkbookSheet } from '@rollbook/contract';

/** One column of a sheet: its header, whether it is part of the row's key or required, and help. */
export interface ColumnSpec {
  /** The header as the template writes it; any case and spacing is accepted on upload. */
  name: string;
  /** Part of the natural key: a re-import finds the existing row by these columns. */
  key?: true;
  /** The column must be in the header and its cell must not be empty. */
  required?: true;
  /** What the column holds and what is accepted, for the template's notes and docs. */
  help: string;
  /** The template's example row. */
  example: string;
}

export interface SheetSpec {
  name: WorkbookSheet;
  help: string;
  columns: readonly ColumnSpec[];
}

/** A key column is always required too (a re-import could not find its row otherwise). */
type ColumnNeed = 'key' | 'required' | 'optional';

function column(name: string, need: ColumnNeed, help: string, example: string): ColumnSpec {
  const spec: ColumnSpec = { name, help, example };
  if (need === 'key') spec.key = true;
  if (need !== 'optional') spec.required = true;
  return spec;
}

/**
 * The institution workbook: seven sheets, each with its header row. The same list drives the
 * reader (header matching), the checks (required columns), the template and docs/institution-workbook.md.
 */
export const WORKBOOK_FORMAT: readonly SheetSpec[] = [
  {
    name: 'Branches',
    help: 'Departments of the institution.',
    columns: [
      column('branch_code', 'key', 'The branch code, e.g. 07', '07'),
      column('branch_name', 'required', 'The branch name', 'Computer Engineering'),
    ],
  },
  {
    name: 'Streams',
    help: 'Degree programmes of a branch.',
    columns: [
      column('branch_code', 'key', 'A branch of the Branches sheet or already in Rollbook', '07'),
      column('stream_code', 'key', "The university's stream code", '07'),
      column('title', 'required', 'The degree, e.g. BE or ME', 'BE'),
    ],
  },
  {
    name: 'Semesters',
    help: 'Semesters of a stream in an academic year.',
    columns: [
      column('branch_code', 'key', 'The stream’s branch', '07'),
      column('stream_code', 'key', 'A stream of that branch', '07'),
      column('semester', 'key', 'The semester number, 1 to 12', '5'),
      column('academic_year', 'key', 'The academic year, e.g. 2027-28', '2027-28'),
      column('start_date', 'optional', 'First day (YYYY-MM-DD), optional', '2027-07-01'),
      column('end_date', 'optional', 'Last day (YYYY-MM-DD), optional, not before start_date', '2027-11-30'),
    ],
  },
  {
    name: 'Classrooms',
    help: 'Lecture halls and labs with the point and radius of the attendance check.',
    columns: [
      column('name', 'key', 'The room name as the timetable writes it', 'LH101'),
      column('kind', 'optional', 'classroom or lab (default classroom)', 'classroom'),
      column('latitude', 'required', 'Decimal degrees, -90 to 90', '23.0338'),
      column('longitude', 'required', 'Decimal degrees, -180 to 180', '72.5461'),
      column(
        'radius_m',
        'optional',
        'Metres around the point counted as in the room, 10 to 5000 (default 100)',
        '100',
      ),
      column('capacity', 'optional', 'Seats, optional', '80'),
      column(
        'branch_codes',
        'optional',
        'Branches using the room, comma-separated; empty: every branch',
        '07',
      ),
    ],
  },
  {
    name: 'Subjects',
    help: 'The subject catalogue: one row per subject code and academic year.',
    columns: [
      column('subject_code', 'key', "The university's subject code", '3150703'),
      column('academic_year', 'key', 'The academic year, e.g. 2027-28', '2027-28'),
      column('subject_name', 'required', 'The full name', 'Analysis and Design of Algorithms'),
      column('short_name', 'optional', 'An abbreviation, optional', 'ADA'),
      column('stream_code', 'required', 'The stream code it belongs to', '07'),
      column('semester', 'required', 'The semester number, 1 to 12', '5'),
      column(
        'category',
        'required',
        'The category, e.g. Professional Core Course',
        'Professional Core Course',
      ),
      column('is_elective', 'optional', 'yes or no (default no)', 'no'),
      column('is_theory', 'optional', 'yes or no (default: yes when l + t > 0)', 'yes'),
      column('is_practical', 'optional', 'yes or no (default: yes when p > 0 and l + t = 0)', 'no'),
      column('l', 'required', 'Lecture hours a week, 0 to 40', '3'),
      column('t', 'required', 'Tutorial hours a week, 0 to 40', '0'),
      column('p', 'required', 'Practical hours a week, 0 to 40', '2'),
      column('credit', 'required', 'Credits, e.g. 4 or 4.5', '4'),
      column('e', 'optional', 'External theory marks (default 0)', '70'),
      column('m', 'optional', 'Mid-semester marks (default 0)', '30'),
      column('i', 'optional', 'Internal practical marks (default 0)', '25'),
      column('v', 'optional', 'Viva marks (default 0)', '25'),
      column('total_marks', 'optional', 'Total marks (default e + m + i + v)', '150'),
      column('eff_from', 'optional', 'Effective from (default: the academic year)', '2027-28'),
      column('syllabus_url', 'optional', 'A link to the syllabus (http or https), optional', ''),
    ],
  },
  {
    name: 'Teachers',
    help: 'Faculty. New teachers get no password: invite them to set one.',
    columns: [
      column('email', 'key', 'Their sign-in email', 'asha.mehta@college.example'),
      column('name', 'required', 'The full name', 'Asha K. Mehta'),
      column('teacher_code', 'required', "The code heading the teacher's timetable column", 'AKM'),
      column(
        'branch_codes',
        'required',
        'Branches they teach in, comma-separated (the first is their home branch)',
        '07',
      ),
      column('max_weekly_hours', 'optional', 'Most teaching hours a week, 1 to 60, optional', '18'),
    ],
  },
  {
    name: 'Students',
    help: 'Students. New students get no password: invite them to set one.',
    columns: [
      column('enrollment', 'key', 'The enrolment number', '270280107001'),
      column('name', 'required', 'The full name', 'Riya Patel'),
      column('email', 'required', 'Their sign-in email', 'riya.patel@students.college.example'),
      column('branch_code', 'required', 'Their branch', '07'),
      column('stream_code', 'optional', 'Their stream (needed with a semester)', '07'),
      column('semester', 'optional', 'Their current semester number (with academic_year)', '5'),
      column('academic_year', 'optional', "The current semester's academic year", '2027-28'),
    ],
  },
];

/** The spec of a sheet (every sheet of the contract has one). */
export function sheetSpec(name: WorkbookSheet): SheetSpec {
  const spec = WORKBOOK_FORMAT.find((s) => s.name === name);
  if (!spec) throw new Error(`no spec for sheet ${name}`);
  return spec;
}

/** Headers and sheet names compare without case, spaces, underscores or hyphens. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The workbook sheet a sheet or file name stands for, if any ("students", "Students.csv"). */
export function sheetOfName(name: string): WorkbookSheet | undefined {
  const bare = normaliseName(name.replace(/\.csv$/i, ''));
  return WORKBOOK_SHEETS.find((s) => normaliseName(s) === bare);
}
