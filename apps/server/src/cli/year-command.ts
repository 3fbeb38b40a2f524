import { parseArgs } from 'node:util';
import { academicYearStart, type AcademicYearOpened, type AcademicYearPreview } from '@rollbook/contract';
import { loadConfig } from '../config/config';
import { claimEmbeddedDataDir } from '../backup/server-lock';
import { openDatabase, type Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { createAcademicYearRepository } from '../modules/academic-year/academic-year.repository';
import { openNewYear, previewNewYear, refuseUnlessNext } from '../modules/academic-year/new-year';

/** Where a command writes: its output and its error messages. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Opens the database a command works on; the default is the configured one (as the server does). */
export type OpenCommandDatabase = () => Promise<{ db: Db; close(): Promise<void> }>;

const openConfiguredDatabase: OpenCommandDatabase = async () => {
  const config = loadConfig();
  claimEmbeddedDataDir(config.databaseUrl, config.dataDir);
  return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
};

export const YEAR_USAGE = `Usage: npm run rollbook -- year open --institution <CODE> [--year <YYYY-YY>] [--dry-run] [--json]

Opens the next academic year of an institution: creates its semesters from the current ones,
moves every active student up one semester (students of a stream's final semester graduate),
and closes the old semesters; past divisions, sessions and attendance stay readable.

  --institution <CODE>  the institution's code (any letter case)
  --year <YYYY-YY>      the year you mean to open; refused unless it is the next one, so running
                        the command again does not open another year
  --dry-run             show what would happen, change nothing
  --json                print one JSON object: {"applied", "preview", "result"?, "error"?}
  -h, --help            this help
`;

/** A stream's line of the preview, e.g. "BE Computer Engineering (07): 40 move from semester 5 to 6; 20 graduate". */
function streamLine(s: AcademicYearPreview['streams'][number]): string {
  const moves = s.moving_up
    .filter((m) => m.students > 0)
    .map((m) => `${m.students} move from semester ${m.from_no} to ${m.to_no}`);
  const parts = [...moves, `${s.graduating} graduate (final semester ${s.final_semester})`];
  return `  ${s.stream_title} ${s.branch_name} (${s.stream_code}): ${parts.join('; ')}`;
}

/** The preview in words, as the web page says it. */
export function describePreview(p: AcademicYearPreview, institution: string): string {
  const lines = [
    `${institution}: academic year ${p.current_year ?? '(none)'} → ${p.next_year ?? '(none)'}`,
    `Semesters closing: ${p.closing_semesters}`,
    `New semesters (${p.new_semesters.length}):`,
    ...p.new_semesters.map((s) => {
      const dates =
        s.dates_from === 'none'
          ? 'no dates yet'
          : `${s.start_date ?? '?'} to ${s.end_date ?? '?'}${s.dates_from === 'existing' ? ' (exists already)' : ''}`;
      return `  ${s.stream_title} ${s.branch_name} (${s.stream_code}) semester ${s.no}: ${dates}`;
    }),
    `Students: ${p.totals.moving_up} move up one semester, ${p.totals.graduating} graduate`,
    ...p.streams.map(streamLine),
  ];
  if (p.blockers.length > 0) lines.push('Cannot be opened now:', ...p.blockers.map((b) => `  - ${b}`));
  return `${lines.join('\n')}\n`;
}

function describeResult(r: AcademicYearOpened): string {
  return `Opened ${r.opened_year} (closed ${r.closed_year}): ${r.semesters_opened} semesters opened, ${r.semesters_closed} closed, ${r.students_moved_up} students moved up, ${r.students_graduated} graduated.\n`;
}

class UsageError extends Error {}

function readArgs(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        institution: { type: 'string' },
        year: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true as const };
  if (positionals.length !== 1 || positionals[0] !== 'open') {
    throw new UsageError(
      positionals.length === 0
        ? 'Say what to do: year open'
        : `Unknown year command: ${positionals.join(' ')}`,
    );
  }
  const code = values.institution?.trim();
  if (!code) throw new UsageError('--institution <CODE> is required');
  if (values.year !== undefined && academicYearStart(values.year) === null) {
    throw new UsageError(`--year must be written like 2027-28, not "${values.year}"`);
  }
  return { help: false as const, code, year: values.year, dryRun: values['dry-run'], json: values.json };
}

/**
 * `rollbook year open`: previews (with --dry-run) or opens the next academic year of an
 * institution on the configured database. Answers the exit code: 0 done, 1 refused or failed, 2
 * bad usage. The lead hooks it into the `rollbook` command as its `year` subcommand.
 */
export async function runYearCommand(
  argv: readonly string[],
  io: CommandIo,
  open: OpenCommandDatabase = openConfiguredDatabase,
): Promise<number> {
  let args;
  try {
    args = readArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`${err.message}\n\n${YEAR_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout(YEAR_USAGE);
    return 0;
  }
  const fail = (message: string, preview?: AcademicYearPreview) => {
    if (args.json)
      io.stdout(`${JSON.stringify({ applied: false, ...(preview ? { preview } : {}), error: message })}\n`);
    io.stderr(`${message}\n`);
    return 1;
  };

  const database = await open();
  try {
    const institution = await createAcademicYearRepository(database.db).institutionByCode(args.code);
    if (!institution) return fail(`No institution has the code ${args.code}`);
    const preview = await previewNewYear(database.db, institution.id);
    // Asked for another year than the next one (typically: run again after it opened): the
    // service's refusal says why, without a preview of a year nobody asked for.
    const otherYear = args.year !== undefined && args.year !== preview.next_year;
    if (otherYear) {
      const start = (label: string | null) => (label === null ? null : academicYearStart(label));
      refuseUnlessNext(args.year!, start(preview.current_year), start(preview.next_year));
    }
    if (!args.json && !otherYear)
      io.stdout(describePreview(preview, `${institution.name} (${institution.code})`));
    if (!otherYear && (preview.blockers.length > 0 || preview.next_year === null)) {
      return fail(`The new academic year cannot be opened: ${preview.blockers.join('; ')}`, preview);
    }
    if (args.dryRun) {
      if (args.json) io.stdout(`${JSON.stringify({ applied: false, preview })}\n`);
      else io.stdout('Dry run: nothing was changed.\n');
      return 0;
    }
    const result = await openNewYear(database.db, {
      institutionId: institution.id,
      year: args.year ?? preview.next_year!,
      actor: { profileId: null, via: 'command' },
      now: new Date(),
    });
    io.stdout(args.json ? `${JSON.stringify({ applied: true, preview, result })}\n` : describeResult(result));
    return 0;
  } catch (err) {
    // A refusal (409: already open, not the next year) is said as the service words it.
    if (err instanceof AppError) return fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}
