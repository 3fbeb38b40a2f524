import {
  WORKBOOK_SHEETS,
  type WorkbookProblem,
  type WorkbookSheet,
  type WorkbookSheetCounts,
} from '@rollbook/contract';
import type { Db, DbOrTx } from '../../db/client';
import { lockInstitution } from '../../db/queries/institution-lock';
import { audit } from '../../lib/audit';
import { applyWorkbook } from './apply-workbook';
import { checkWorkbook, type CheckResult } from './check-workbook';
import { loadExistingData, type ExistingData } from './existing-data';
import { countsOf, type Planned } from './plan';
import { silentProgress, type ImportProgress } from './progress';
import { readWorkbook, type RawWorkbook, type WorkbookFile } from './read-workbook';
import { tableOf, type SheetTable } from './sheet-table';

export interface ImportOptions {
  institutionId: number;
  /** Who asked (null: the operator's command line); recorded in the audit trail. */
  actorProfileId: number | null;
  /** Check only: nothing is written whatever the outcome. */
  dryRun: boolean;
  progress?: ImportProgress;
  /** How the files are read (default: here; the server passes a worker thread's reader). */
  read?: (files: WorkbookFile[]) => Promise<RawWorkbook>;
}

/** What a check or import found and did; the created profiles are to be invited. */
export interface ImportResult {
  applied: boolean;
  sheets: Record<WorkbookSheet, WorkbookSheetCounts>;
  problems: WorkbookProblem[];
  createdProfileIds: number[];
}

/** Thrown inside the transaction to roll it back when the second check finds problems. */
class ChangedMeanwhile extends Error {
  constructor(readonly result: CheckResult) {
    super('the institution changed while the workbook was checked');
  }
}

function tablesOf(raw: RawWorkbook, problems: WorkbookProblem[]): Map<WorkbookSheet, SheetTable> {
  return new Map(raw.sheets.map((s) => [s.sheet, tableOf(s, problems)]));
}

/** The emails of the people sheets, to find who already holds them anywhere in Rollbook. */
function emailsOf(tables: Map<WorkbookSheet, SheetTable>): string[] {
  return (['Teachers', 'Students'] as const).flatMap((sheet) =>
    (tables.get(sheet)?.rows ?? []).map((r) => (r.raw('email') ?? '').trim().toLowerCase()).filter(Boolean),
  );
}

/** Reads what the institution holds now for the workbook's emails. */
type LoadExisting = (workbookEmails: string[]) => Promise<ExistingData>;

/**
 * What the institution holds, read in one snapshot. Read statement by statement while another
 * import commits, it could show that import's teachers' emails without its teachers, and report
 * "already belongs to a teacher" for rows that are simply there now (CI caught it on PostgreSQL).
 */
function inOneSnapshot(db: Db, institutionId: number): LoadExisting {
  return (emails) =>
    db.transaction((tx) => loadExistingData(tx, institutionId, emails), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
}

/** Under the institution's import lock, inside the writing transaction (imports are serialised). */
function inTransaction(tx: DbOrTx, institutionId: number): LoadExisting {
  return (emails) => loadExistingData(tx, institutionId, emails);
}

async function check(raw: RawWorkbook, load: LoadExisting, progress: ImportProgress) {
  const problems = [...raw.problems];
  const tables = tablesOf(raw, problems);
  const rows = [...tables.values()].reduce((n, t) => n + t.rows.length, 0);
  progress.total(rows);
  const existing = await load(emailsOf(tables));
  const result = await checkWorkbook(tables, existing, problems, progress);
  return { ...result, existing, rows };
}

function changedRows(result: CheckResult): number {
  const sheets: Planned<unknown>[][] = WORKBOOK_SHEETS.map((sheet) => result.plan[sheet]);
  return sheets.reduce((n, rows) => n + rows.filter((r) => r.action !== 'unchanged').length, 0);
}

/**
 * Checks an institution workbook as a whole and, unless it is a dry run or anything is wrong,
 * writes it in one transaction. The first check runs outside the transaction (the server stays
 * responsive and progress is visible); the write then takes the institution's import lock and
 * checks again against what is there now, so two imports cannot both pass a check the other
 * invalidates. Nothing is written when any problem is found.
 */
export async function importWorkbook(
  db: Db,
  files: WorkbookFile[],
  opts: ImportOptions,
): Promise<ImportResult> {
  const progress = opts.progress ?? silentProgress;
  progress.phase('Reading the file');
  const raw = await (opts.read ?? readWorkbook)(files);
  const first = await check(raw, inOneSnapshot(db, opts.institutionId), progress);
  const outcome = (
    result: CheckResult,
    applied: boolean,
    createdProfileIds: number[] = [],
  ): ImportResult => ({
    applied,
    sheets: countsOf(result.plan),
    problems: result.problems,
    createdProfileIds,
  });
  if (first.problems.length > 0 || opts.dryRun) return outcome(first, false);

  progress.total(first.rows + changedRows(first));
  try {
    return await db.transaction(async (tx) => {
      await lockInstitution(tx, 'workbookImport', opts.institutionId);
      const again: CheckResult & { existing: ExistingData } = await check(
        raw,
        inTransaction(tx, opts.institutionId),
        silentProgress,
      );
      if (again.problems.length > 0) throw new ChangedMeanwhile(again);
      const { createdProfileIds } = await applyWorkbook(
        tx,
        opts.institutionId,
        again.existing,
        again.plan,
        progress,
      );
      const sheets = countsOf(again.plan);
      await audit(tx, {
        institutionId: opts.institutionId,
        actorProfileId: opts.actorProfileId,
        action: 'institution.workbook_import',
        entityType: 'institution',
        detail: { files: files.map((f) => f.name), sheets },
      });
      return outcome(again, true, createdProfileIds);
    });
  } catch (err) {
    if (err instanceof ChangedMeanwhile) return outcome(err.result, false);
    throw err;
  }
}
