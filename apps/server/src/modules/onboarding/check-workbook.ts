import { WORKBOOK_SHEETS, type WorkbookProblem, type WorkbookSheet } from '@rollbook/contract';
import type { ExistingData } from './existing-data';
import type { WorkbookPlan } from './plan';
import { RowStepper, type ImportProgress } from './progress';
import type { SheetTable } from './sheet-table';
import type { CheckContext } from './sheets/check-context';
import { checkClassrooms } from './sheets/classrooms';
import { KnownRows } from './sheets/known';
import { checkBranches, checkSemesters, checkStreams } from './sheets/organisation';
import { checkStudents, checkTeachers, type EmailOwners } from './sheets/people';
import { checkSubjects } from './sheets/subjects';

export interface CheckResult {
  plan: WorkbookPlan;
  /** Every problem of the workbook, in sheet and row order; empty means it may be applied. */
  problems: WorkbookProblem[];
}

const sheetOrder = new Map<string | null, number>(WORKBOOK_SHEETS.map((s, i) => [s, i + 1]));

/** Problems in the order a person fixes them: the file, then each sheet top to bottom. */
export function sortProblems(problems: WorkbookProblem[]): WorkbookProblem[] {
  return [...problems].sort(
    (a, b) =>
      (sheetOrder.get(a.sheet) ?? 0) - (sheetOrder.get(b.sheet) ?? 0) ||
      (a.row ?? 0) - (b.row ?? 0) ||
      (a.column ?? '').localeCompare(b.column ?? ''),
  );
}

/**
 * Checks every sheet against the institution's current rows and against each other, in the
 * order they refer to each other (branches before the streams that name them, semesters before
 * the students in them), and works out what each row would do. Pure: it reads only its arguments.
 * Problems already found while reading (`problems`) are kept and extended.
 */
export async function checkWorkbook(
  tables: ReadonlyMap<WorkbookSheet, SheetTable>,
  existing: ExistingData,
  problems: WorkbookProblem[],
  progress: ImportProgress,
): Promise<CheckResult> {
  const stepper = new RowStepper(progress);
  const ctx: CheckContext = {
    existing,
    known: new KnownRows(existing),
    problems,
    step: () => stepper.step(),
  };
  const owners: EmailOwners = new Map();
  const phase = (sheet: WorkbookSheet) => {
    stepper.flush();
    if (tables.has(sheet)) progress.phase(`Checking ${sheet}`);
  };
  phase('Branches');
  const Branches = await checkBranches(tables.get('Branches'), ctx);
  phase('Streams');
  const Streams = await checkStreams(tables.get('Streams'), ctx);
  phase('Semesters');
  const Semesters = await checkSemesters(tables.get('Semesters'), ctx);
  phase('Classrooms');
  const Classrooms = await checkClassrooms(tables.get('Classrooms'), ctx);
  phase('Subjects');
  const Subjects = await checkSubjects(tables.get('Subjects'), ctx);
  phase('Teachers');
  const Teachers = await checkTeachers(tables.get('Teachers'), ctx, owners);
  phase('Students');
  const Students = await checkStudents(tables.get('Students'), ctx, owners);
  stepper.flush();
  return {
    plan: { Branches, Streams, Semesters, Classrooms, Subjects, Teachers, Students },
    problems: sortProblems(problems),
  };
}
