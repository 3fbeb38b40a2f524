import type { Db } from '../../../db/client';
import { lockInstitution } from '../../../db/queries/institution-lock';
import { AppError } from '../../../lib/app-error';
import { audit } from '../../../lib/audit';
import { placeLabel, type FileIssue, type ParsedFile } from './drafts';
import { findClashes } from './find-clashes';
import { loadReferenceData } from './load-reference-data';
import { parseTimetableFile } from './parse-timetable-file';
import type { TableReader } from './read-table';
import type { ResolvedLecture } from './resolve-lectures';
import { resolveLectures } from './resolve-lectures';
import { saveTimetables } from './save-timetables';
import type { ReferenceData } from './reference-data';

/** At most this many problems are listed in one answer; the message gives the total. */
const MAX_LISTED_ISSUES = 200;

/** Who uploads, and which branches' divisions they may replace. */
export interface UploadScope {
  institutionId: number;
  branchIds: number[];
  actorProfileId: number | null;
}

/** What a clean upload did (the contract's report). */
export interface UploadReport {
  logs: string[];
  register_count: number;
  error_count: number;
}

/**
 * Checks a whole file against a reference snapshot without writing anything: reading, names,
 * times, and double bookings. Pure apart from the file reading, so it can be exercised directly.
 */
export async function checkTimetableFile(
  file: { filename: string; data: Buffer },
  ref: ReferenceData,
  read?: TableReader,
): Promise<FileCheck> {
  return checkParsedFile(await parseTimetableFile(file, read), ref);
}

/** What a file's check found; `complete` is false when there were too many problems to list them all. */
export interface FileCheck {
  lectures: ResolvedLecture[];
  issues: FileIssue[];
  complete: boolean;
}

/** The checks of a file already read: names, times and double bookings against the snapshot. */
function checkParsedFile(parsed: ParsedFile, ref: ReferenceData): FileCheck {
  const resolved = resolveLectures(parsed.drafts, ref, parsed.preamble);
  const clashes = findClashes(resolved.lectures, ref.existing);
  const issues = [...parsed.issues, ...resolved.issues, ...clashes.issues];
  if (issues.length === 0 && resolved.lectures.length === 0) {
    issues.push({ row: 1, column: '', message: 'The file contains no lectures' });
  }
  issues.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  return { lectures: resolved.lectures, issues, complete: clashes.complete };
}

/**
 * The 400 answer for a file with problems: every problem as an issue (the first
 * MAX_LISTED_ISSUES), and a one-line summary; `complete` false says there are more than counted.
 */
export function timetableIssuesError(issues: FileIssue[], complete = true): AppError {
  const first = issues[0]!;
  const count = issues.length;
  const summary =
    `The timetable has ${complete ? '' : 'more than '}${count} problem${count === 1 ? '' : 's'}, so nothing was saved. ` +
    `First: ${placeLabel(first)}: ${first.message}`;
  return new AppError('validation_failed', summary, {
    issues: issues.slice(0, MAX_LISTED_ISSUES).map((i) => ({ path: placeLabel(i), message: i.message })),
  });
}

/**
 * Imports a master timetable: reads the file through `read` (the spreadsheet worker) before
 * touching the database, so a big file holds neither the request thread nor a connection; then
 * checks the whole file and, only if it is clean, replaces the timetables of every division it
 * covers in one transaction, holding the institution's upload lock so a concurrent upload cannot
 * slip a clash past the check. Throws a 400 listing every problem, or the reader's 413.
 */
export async function importTimetable(
  db: Db,
  file: { filename: string; data: Buffer },
  scope: UploadScope,
  read: TableReader,
): Promise<UploadReport> {
  const parsed = await parseTimetableFile(file, read);
  return db.transaction(async (tx) => {
    // One upload per institution at a time, so two files cannot both pass the clash check.
    await lockInstitution(tx, 'timetableUpload', scope.institutionId);
    const ref = await loadReferenceData(tx, scope.institutionId, scope.branchIds);
    const { lectures, issues, complete } = checkParsedFile(parsed, ref);
    if (issues.length > 0) throw timetableIssuesError(issues, complete);
    const written = await saveTimetables(tx, lectures);
    const labels = new Map(lectures.map((l) => [l.divisionId, l.divisionLabel]));
    const logs = [...written.entries()].map(
      ([divisionId, n]) =>
        `Division ${labels.get(divisionId) ?? divisionId}: ${n} lecture${n === 1 ? '' : 's'} saved`,
    );
    await audit(tx, {
      institutionId: scope.institutionId,
      actorProfileId: scope.actorProfileId,
      action: 'timetable.upload',
      entityType: 'timetable',
      detail: { filename: file.filename, lectures: lectures.length, divisions: [...labels.values()] },
    });
    return { logs, register_count: lectures.length, error_count: 0 };
  });
}
