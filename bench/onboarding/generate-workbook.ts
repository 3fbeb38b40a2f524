// Generates an institution workbook of the size the issue names (5,000 students, 300 teachers,
// 800 subjects, 100 rooms by default), deterministic for a given seed, as one .xlsx file and/or a
// folder of .csv files. Every row is valid, so a check finds nothing and an import creates it all.
//
// Run: npx tsx bench/onboarding/generate-workbook.ts --out /tmp/big.xlsx [--csv /tmp/big-csv]
//        [--students 5000] [--teachers 300] [--subjects 800] [--rooms 100] [--seed 1]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { WORKBOOK_SHEETS } from '@rollbook/contract';
import { WORKBOOK_FORMAT } from '../../apps/server/src/modules/onboarding/workbook-format';

export interface WorkbookSize {
  students: number;
  teachers: number;
  subjects: number;
  rooms: number;
}

export const ISSUE_SIZE: WorkbookSize = { students: 5000, teachers: 300, subjects: 800, rooms: 100 };

type Rows = Record<(typeof WORKBOOK_SHEETS)[number], string[][]>;

const BRANCHES = [
  ['07', 'Computer Engineering'],
  ['16', 'Information Technology'],
  ['11', 'Electronics and Communication'],
  ['09', 'Electrical Engineering'],
  ['19', 'Mechanical Engineering'],
  ['06', 'Civil Engineering'],
] as const;
const YEAR = '2027-28';

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The sheets' rows, headers first, every cell text (as a registrar's export would be). */
export function generateRows(size: WorkbookSize, seed = 1): Rows {
  const rnd = random(seed);
  const header = (sheet: string) => WORKBOOK_FORMAT.find((s) => s.name === sheet)!.columns.map((c) => c.name);
  const rows = Object.fromEntries(WORKBOOK_SHEETS.map((s) => [s, [header(s)]])) as Rows;
  for (const [code, name] of BRANCHES) {
    rows.Branches.push([code, name]);
    rows.Streams.push([code, code, 'BE']);
    for (let no = 1; no <= 8; no++)
      rows.Semesters.push([code, code, String(no), YEAR, '2027-07-01', '2027-11-30']);
  }
  for (let r = 0; r < size.rooms; r++) {
    const lab = r % 3 === 2;
    const branch = BRANCHES[r % BRANCHES.length]![0];
    rows.Classrooms.push([
      `${lab ? 'LAB' : 'LH'}${100 + r}`,
      lab ? 'lab' : 'classroom',
      (23.0338 + (r % 10) * 0.0002).toFixed(6),
      (72.5461 + Math.floor(r / 10) * 0.0002).toFixed(6),
      '100',
      lab ? '40' : '80',
      r % 4 === 0 ? '' : branch,
    ]);
  }
  for (let s = 0; s < size.subjects; s++) {
    const branch = BRANCHES[s % BRANCHES.length]![0];
    const semester = (Math.floor(s / BRANCHES.length) % 8) + 1;
    const theory = s % 5 !== 4;
    rows.Subjects.push([
      `31${String(semester)}${branch}${String(s).padStart(3, '0')}`,
      YEAR,
      `Subject ${s} of branch ${branch}`,
      `S${s}`,
      branch,
      String(semester),
      s % 4 === 3 ? 'Professional Elective Course' : 'Professional Core Course',
      s % 4 === 3 ? 'yes' : 'no',
      '', // is_theory: worked out from the hours
      '',
      theory ? '3' : '0',
      '0',
      '2',
      theory ? '4' : '1',
      theory ? '70' : '0',
      theory ? '30' : '0',
      '25',
      '25',
      '',
      '',
      '',
    ]);
  }
  for (let t = 0; t < size.teachers; t++) {
    const home = BRANCHES[t % BRANCHES.length]![0];
    const other = BRANCHES[(t + 1) % BRANCHES.length]![0];
    rows.Teachers.push([
      `teacher${t}@college.example`,
      `Teacher ${t} ${['Shah', 'Patel', 'Mehta', 'Joshi'][Math.floor(rnd() * 4)]}`,
      `T${String(t).padStart(3, '0')}`,
      t % 5 === 0 ? `${home}, ${other}` : home,
      String(12 + (t % 7)),
    ]);
  }
  for (let n = 0; n < size.students; n++) {
    const branch = BRANCHES[n % BRANCHES.length]![0];
    const semester = (Math.floor(n / BRANCHES.length) % 8) + 1;
    const enrollment = `27028${branch}${String(n).padStart(5, '0')}`;
    rows.Students.push([
      enrollment,
      `Student ${n}`,
      `${enrollment}@students.college.example`,
      branch,
      branch,
      String(semester),
      YEAR,
    ]);
  }
  return rows;
}

/** The rows as an .xlsx workbook (text cells). */
export async function xlsxOf(rows: Rows): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of WORKBOOK_SHEETS) {
    const ws = workbook.addWorksheet(sheet);
    for (const row of rows[sheet]) ws.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows as .csv files, one per sheet. */
export function csvOf(rows: Rows): { name: string; data: Buffer }[] {
  const cell = (c: string) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  return WORKBOOK_SHEETS.map((sheet) => ({
    name: `${sheet}.csv`,
    data: Buffer.from(rows[sheet].map((r) => r.map(cell).join(',')).join('\n') + '\n'),
  }));
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const out = arg('out');
  const csv = arg('csv');
  if (!out && !csv) {
    process.stderr.write(
      'usage: generate-workbook.ts --out <file.xlsx> [--csv <folder>] [--students N] ...\n',
    );
    process.exit(2);
  }
  const size: WorkbookSize = {
    students: Number(arg('students') ?? ISSUE_SIZE.students),
    teachers: Number(arg('teachers') ?? ISSUE_SIZE.teachers),
    subjects: Number(arg('subjects') ?? ISSUE_SIZE.subjects),
    rooms: Number(arg('rooms') ?? ISSUE_SIZE.rooms),
  };
  const rows = generateRows(size, Number(arg('seed') ?? 1));
  if (out) {
    await writeFile(out, await xlsxOf(rows));
    process.stdout.write(`wrote ${out}\n`);
  }
  if (csv) {
    await mkdir(csv, { recursive: true });
    for (const file of csvOf(rows)) await writeFile(path.join(csv, file.name), file.data);
    process.stdout.write(`wrote ${csv}/*.csv\n`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
