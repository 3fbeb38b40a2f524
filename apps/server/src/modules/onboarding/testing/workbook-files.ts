import ExcelJS from 'exceljs';
import type { WorkbookFile } from '../read-workbook';

/** Sheets as arrays of rows (the header first); a cell starting with "=" becomes a formula. */
export type SheetRows = Record<string, (string | number)[][]>;

/** An .xlsx workbook of these sheets, every cell text or number as given. */
export async function xlsxFile(sheets: SheetRows, name = 'workbook.xlsx'): Promise<WorkbookFile> {
  const workbook = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(sheetName);
    for (const row of rows) {
      const added = sheet.addRow(row.map((c) => (typeof c === 'string' && c.startsWith('=') ? null : c)));
      row.forEach((c, i) => {
        if (typeof c === 'string' && c.startsWith('='))
          added.getCell(i + 1).value = { formula: c.slice(1), result: 1 };
      });
    }
  }
  return { name, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

/** One .csv file per sheet, named after it. */
export function csvFiles(sheets: SheetRows): WorkbookFile[] {
  return Object.entries(sheets).map(([sheetName, rows]) => ({
    name: `${sheetName}.csv`,
    data: Buffer.from(
      rows
        .map((r) =>
          r
            .map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c)))
            .join(','),
        )
        .join('\n') + '\n',
    ),
  }));
}

/** The Subjects sheet's header: the key and placement columns, then hours, credit and marks. */
const SUBJECT_HEADER = [
  ...['subject_code', 'academic_year', 'subject_name', 'short_name', 'stream_code', 'semester', 'category'],
  ...['l', 't', 'p', 'credit', 'e', 'm', 'i', 'v'],
];

/** Hours (l, t, p), credit and marks (e, m, i, v) of a core subject with a lab: 3-0-2, 4 credits. */
const CORE_WITH_LAB = ['3', '0', '2', '4', '70', '30', '25', '25'];

/**
 * A row of the Subjects sheet in 2027-28 under SUBJECT_HEADER: a core subject with a lab unless the
 * category and the hours, credit and marks are given.
 */
export function subjectRow(
  [code, name, shortName, streamCode, semester]: [string, string, string, string, string],
  category = 'Professional Core Course',
  hoursCreditMarks: string[] = CORE_WITH_LAB,
): string[] {
  return [code, '2027-28', name, shortName, streamCode, semester, category, ...hoursCreditMarks];
}

/**
 * A small, consistent institution: two branches, their BE streams, a semester each, two rooms,
 * two subjects, two teachers and three students. Tests copy it and break one cell at a time.
 */
export function sampleWorkbook(): SheetRows {
  return {
    Branches: [
      ['branch_code', 'branch_name'],
      ['07', 'Computer Engineering'],
      ['16', 'Information Technology'],
    ],
    Streams: [
      ['branch_code', 'stream_code', 'title'],
      ['07', '07', 'BE'],
      ['16', '16', 'BE'],
    ],
    Semesters: [
      ['branch_code', 'stream_code', 'semester', 'academic_year', 'start_date', 'end_date'],
      ['07', '07', '5', '2027-28', '2027-07-01', '2027-11-30'],
      ['16', '16', '3', '2027-28', '2027-07-01', '2027-11-30'],
    ],
    Classrooms: [
      ['name', 'kind', 'latitude', 'longitude', 'radius_m', 'capacity', 'branch_codes'],
      ['LH101', 'classroom', '23.0338', '72.5461', '100', '80', ''],
      ['LAB201', 'lab', '23.0341', '72.5465', '', '40', '07'],
    ],
    Subjects: [
      SUBJECT_HEADER,
      subjectRow(['3150703', 'Analysis and Design of Algorithms', 'ADA', '07', '5']),
      subjectRow(['3130702', 'Data Structures', 'DS', '16', '3']),
    ],
    Teachers: [
      ['email', 'name', 'teacher_code', 'branch_codes', 'max_weekly_hours'],
      ['asha.mehta@college.example', 'Asha K. Mehta', 'AKM', '07', '18'],
      ['ravi.shah@college.example', 'Ravi P. Shah', 'RPS', '16, 07', ''],
    ],
    Students: [
      ['enrollment', 'name', 'email', 'branch_code', 'stream_code', 'semester', 'academic_year'],
      ['270280107001', 'Riya Patel', 'riya@students.college.example', '07', '07', '5', '2027-28'],
      ['270280107002', 'Kabir Shah', 'kabir@students.college.example', '07', '07', '5', '2027-28'],
      ['270280116001', 'Diya Joshi', 'diya@students.college.example', '16', '16', '3', '2027-28'],
    ],
  };
}

/** A copy of a workbook with one cell changed (row 0 is the header). */
export function withCell(
  sheets: SheetRows,
  sheet: string,
  row: number,
  column: string,
  value: string,
): SheetRows {
  const copy: SheetRows = JSON.parse(JSON.stringify(sheets));
  const rows = copy[sheet]!;
  const col = rows[0]!.indexOf(column);
  if (col < 0) throw new Error(`no column ${column} in ${sheet}`);
  rows[row]![col] = value;
  return copy;
}

/** A multipart body as the upload form sends it: text fields, then one file. */
export function multipartUpload(
  fields: Record<string, string>,
  file: { field: string; name: string; data: Buffer } | null,
) {
  const boundary = `----rollbook${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
