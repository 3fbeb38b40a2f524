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

const key = true as const;
const required = true as const;

/**
 * The institution workbook: seven sheets, each with its header row. The same list drives the
 * reader (header matching), the checks (required columns), the template and docs/institution-workbook.md.
 */
export const WORKBOOK_FORMAT: readonly SheetSpec[] = [
  {
    name: 'Branches',
    help: 'Departments of the institution.',
    columns: [
      { name: 'branch_code', key, required, help: 'The branch code, e.g. 07', example: '07' },
      { name: 'branch_name', required, help: 'The branch name', example: 'Computer Engineering' },
    ],
  },
  {
    name: 'Streams',
    help: 'Degree programmes of a branch.',
    columns: [
      {
        name: 'branch_code',
        key,
        required,
        help: 'A branch of the Branches sheet or already in Rollbook',
        example: '07',
      },
      { name: 'stream_code', key, required, help: "The university's stream code", example: '07' },
      { name: 'title', required, help: 'The degree, e.g. BE or ME', example: 'BE' },
    ],
  },
  {
    name: 'Semesters',
    help: 'Semesters of a stream in an academic year.',
    columns: [
      { name: 'branch_code', key, required, help: 'The stream’s branch', example: '07' },
      { name: 'stream_code', key, required, help: 'A stream of that branch', example: '07' },
      { name: 'semester', key, required, help: 'The semester number, 1 to 12', example: '5' },
      { name: 'academic_year', key, required, help: 'The academic year, e.g. 2027-28', example: '2027-28' },
      { name: 'start_date', help: 'First day (YYYY-MM-DD), optional', example: '2027-07-01' },
      {
        name: 'end_date',
        help: 'Last day (YYYY-MM-DD), optional, not before start_date',
        example: '2027-11-30',
      },
    ],
  },
  {
    name: 'Classrooms',
    help: 'Lecture halls and labs with the point and radius of the attendance check.',
    columns: [
      { name: 'name', key, required, help: 'The room name as the timetable writes it', example: 'LH101' },
      { name: 'kind', help: 'classroom or lab (default classroom)', example: 'classroom' },
      { name: 'latitude', required, help: 'Decimal degrees, -90 to 90', example: '23.0338' },
      { name: 'longitude', required, help: 'Decimal degrees, -180 to 180', example: '72.5461' },
      {
        name: 'radius_m',
        help: 'Metres around the point counted as in the room, 10 to 5000 (default 100)',
        example: '100',
      },
      { name: 'capacity', help: 'Seats, optional', example: '80' },
      {
        name: 'branch_codes',
        help: 'Branches using the room, comma-separated; empty: every branch',
        example: '07',
      },
    ],
  },
  {
    name: 'Subjects',
    help: 'The subject catalogue: one row per subject code and academic year.',
    columns: [
      { name: 'subject_code', key, required, help: "The university's subject code", example: '3150703' },
      { name: 'academic_year', key, required, help: 'The academic year, e.g. 2027-28', example: '2027-28' },
      { name: 'subject_name', required, help: 'The full name', example: 'Analysis and Design of Algorithms' },
      { name: 'short_name', help: 'An abbreviation, optional', example: 'ADA' },
      { name: 'stream_code', required, help: 'The stream code it belongs to', example: '07' },
      { name: 'semester', required, help: 'The semester number, 1 to 12', example: '5' },
      {
        name: 'category',
        required,
        help: 'The category, e.g. Professional Core Course',
        example: 'Professional Core Course',
      },
      { name: 'is_elective', help: 'yes or no (default no)', example: 'no' },
      { name: 'is_theory', help: 'yes or no (default: yes when l + t > 0)', example: 'yes' },
      { name: 'is_practical', help: 'yes or no (default: yes when p > 0 and l + t = 0)', example: 'no' },
      { name: 'l', required, help: 'Lecture hours a week, 0 to 40', example: '3' },
      { name: 't', required, help: 'Tutorial hours a week, 0 to 40', example: '0' },
      { name: 'p', required, help: 'Practical hours a week, 0 to 40', example: '2' },
      { name: 'credit', required, help: 'Credits, e.g. 4 or 4.5', example: '4' },
      { name: 'e', help: 'External theory marks (default 0)', example: '70' },
      { name: 'm', help: 'Mid-semester marks (default 0)', example: '30' },
      { name: 'i', help: 'Internal practical marks (default 0)', example: '25' },
      { name: 'v', help: 'Viva marks (default 0)', example: '25' },
      { name: 'total_marks', help: 'Total marks (default e + m + i + v)', example: '150' },
      { name: 'eff_from', help: 'Effective from (default: the academic year)', example: '2027-28' },
      { name: 'syllabus_url', help: 'A link to the syllabus (http or https), optional', example: '' },
    ],
  },
  {
    name: 'Teachers',
    help: 'Faculty. New teachers get no password: invite them to set one.',
    columns: [
      { name: 'email', key, required, help: 'Their sign-in email', example: 'asha.mehta@college.example' },
      { name: 'name', required, help: 'The full name', example: 'Asha K. Mehta' },
      {
        name: 'teacher_code',
        required,
        help: "The code heading the teacher's timetable column",
        example: 'AKM',
      },
      {
        name: 'branch_codes',
        required,
        help: 'Branches they teach in, comma-separated (the first is their home branch)',
        example: '07',
      },
      { name: 'max_weekly_hours', help: 'Most teaching hours a week, 1 to 60, optional', example: '18' },
    ],
  },
  {
    name: 'Students',
    help: 'Students. New students get no password: invite them to set one.',
    columns: [
      { name: 'enrollment', key, required, help: 'The enrolment number', example: '270280107001' },
      { name: 'name', required, help: 'The full name', example: 'Riya Patel' },
      {
        name: 'email',
        required,
        help: 'Their sign-in email',
        example: 'riya.patel@students.college.example',
      },
      { name: 'branch_code', required, help: 'Their branch', example: '07' },
      { name: 'stream_code', help: 'Their stream (needed with a semester)', example: '07' },
      { name: 'semester', help: 'Their current semester number (with academic_year)', example: '5' },
      { name: 'academic_year', help: "The current semester's academic year", example: '2027-28' },
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
