import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { WORKBOOK_SHEETS, type WorkbookProblem } from '@rollbook/contract';
import { importWorkbook, type ImportResult } from '../../modules/onboarding/import-workbook';
import { institutionByCode } from '../../modules/onboarding/institution-setup';
import { READ_LIMITS, type WorkbookFile } from '../../modules/onboarding/read-workbook';
import { out, parseOptions, required, UsageError, withDatabase, type Command } from '../cli-support';
import { loadInviter } from '../invite';

/** The workbook at `target`: one file, or every .csv file of a folder. */
async function filesAt(target: string): Promise<WorkbookFile[]> {
  let info;
  try {
    info = await stat(target);
  } catch {
    throw new UsageError(`${target} does not exist`);
  }
  const one = async (file: string, size: number): Promise<WorkbookFile> =>
    // A file over the limit is not read: its problem says how large it is.
    size > READ_LIMITS.maxFileBytes
      ? { name: path.basename(file), data: Buffer.alloc(READ_LIMITS.maxFileBytes + 1) }
      : { name: path.basename(file), data: await readFile(file) };
  if (!info.isDirectory()) return [await one(target, info.size)];
  const names = (await readdir(target)).filter((n) => /\.csv$/i.test(n)).sort();
  if (names.length === 0)
    throw new UsageError(
      `${target} has no .csv files; name one after each sheet (${WORKBOOK_SHEETS.join(', ')})`,
    );
  return Promise.all(
    names.map(async (n) => {
      const file = path.join(target, n);
      return one(file, (await stat(file)).size);
    }),
  );
}

function where(p: WorkbookProblem): string {
  if (!p.sheet) return 'File';
  return [p.sheet, p.row !== null ? `row ${p.row}` : null, p.column ? `column ${p.column}` : null]
    .filter(Boolean)
    .join(', ');
}

function printReport(result: ImportResult, dryRun: boolean) {
  const lines = [
    `${'sheet'.padEnd(12)}${'created'.padStart(9)}${'updated'.padStart(9)}${'unchanged'.padStart(11)}`,
  ];
  for (const sheet of WORKBOOK_SHEETS) {
    const c = result.sheets[sheet];
    lines.push(
      `${sheet.padEnd(12)}${String(c.created).padStart(9)}${String(c.updated).padStart(9)}${String(c.unchanged).padStart(11)}`,
    );
  }
  out(lines.join('\n'));
  if (result.problems.length > 0) {
    out(`\n${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`);
    out(result.problems.map((p) => `  ${where(p)}: ${p.message}`).join('\n'));
    out('\nNothing was written: fix the problems above and run the import again.');
  } else if (dryRun) {
    out('\nNo problems. Dry run: nothing was written (run again without --dry-run to import).');
  } else {
    out(
      `\nImported. ${result.createdProfileIds.length} new people have no password yet: invite them to set one.`,
    );
  }
}

export const importCommand: Command = {
  name: 'import',
  summary: 'check and import an institution workbook (.xlsx, or a folder of .csv files)',
  help: `Usage: npm run rollbook -- import <workbook.xlsx | folder of .csv> --institution <CODE>
         [--dry-run] [--json] [--invite]

Checks the whole institution workbook (sheets Branches, Streams, Semesters, Classrooms, Subjects,
Teachers, Students; see docs/institution-workbook.md) and, when nothing is wrong, writes it in one
transaction: rows are found by their keys and created, updated or left unchanged; nothing is
deleted. Prints what each sheet creates, updates and leaves unchanged, and every problem by sheet,
row and column. Exits 1 when there is any problem (nothing is written then).

  --dry-run  check only; nothing is written
  --json     print one JSON object:
             {"applied": bool, "sheets": {"<Sheet>": {"created","updated","unchanged"}},
              "problems": [{"sheet","row","column","message"}]}
  --invite   send the people the import created an invitation to set their password

Example:
  npm run rollbook -- import ./gec-workbook.xlsx --institution GEC --dry-run`,

  async run(args) {
    const { values, positionals } = parseOptions(
      args,
      {
        institution: { type: 'string' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        invite: { type: 'boolean' },
      },
      true,
    );
    if (positionals.length !== 1) throw new UsageError('give exactly one workbook file or folder');
    const code = required(values.institution, '--institution');
    const dryRun = values['dry-run'] === true;
    if (values.invite && dryRun)
      throw new UsageError('--invite cannot be used with --dry-run (a check creates nobody)');
    const inviter = values.invite ? loadInviter() : null;
    const files = await filesAt(positionals[0]!);
    return withDatabase(async (db) => {
      const institution = await institutionByCode(db, code);
      const result = await importWorkbook(db, files, {
        institutionId: institution.id,
        actorProfileId: null,
        dryRun,
      });
      let invited: number | undefined;
      let notInvited = 0;
      if (inviter && result.applied) {
        const outcome = await inviter(db, institution.id, result.createdProfileIds);
        invited = outcome.invited;
        notInvited = outcome.failed;
      }
      if (values.json) {
        out(JSON.stringify({ applied: result.applied, sheets: result.sheets, problems: result.problems }));
      } else {
        out(
          `${dryRun ? 'Checked' : 'Imported'} ${positionals[0]} for ${institution.name} (${institution.code}).\n`,
        );
        printReport(result, dryRun);
        if (invited !== undefined)
          out(
            `Invited ${invited} people${notInvited > 0 ? `; the mail server refused ${notInvited} (send them again from the People page)` : ''}.`,
          );
      }
      return result.problems.length > 0 ? 1 : 0;
    });
  },
};
