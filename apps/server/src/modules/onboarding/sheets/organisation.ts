import { keyOf } from '../existing-data';
import type { BranchValues, Planned, SemesterValues, StreamValues } from '../plan';
import type { SheetTable } from '../sheet-table';
import { ambiguousStreamText, leadingZeroHint, parseRows, planRow, type CheckContext } from './check-context';

const CODE_MAX = 20;

/** Branches: a branch per code; its name is the only thing an import changes. */
export async function checkBranches(table: SheetTable | undefined, ctx: CheckContext) {
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const code = row.requiredText('branch_code', CODE_MAX);
      const name = row.requiredText('branch_name');
      if (code !== null) ctx.known.addBranch(code);
      return code !== null && name !== null ? { key: keyOf(code), value: { code, name } } : null;
    },
    'branch_code',
  );
  return rows.map(({ row, value }): Planned<BranchValues> => {
    const found = ctx.existing.branches.find((b) => keyOf(b.code) === keyOf(value.code));
    return planRow(row.row, value, found && { id: found.id, same: found.name === value.name });
  });
}

/** Streams: by branch and stream code; the title (BE, ME) may change. */
export async function checkStreams(table: SheetTable | undefined, ctx: CheckContext) {
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const branchCode = row.requiredText('branch_code', CODE_MAX);
      const streamCode = row.requiredText('stream_code', CODE_MAX);
      const title = row.requiredText('title', CODE_MAX);
      if (branchCode === null || streamCode === null) return null;
      if (!ctx.known.branch(branchCode)) {
        row.problem(
          'branch_code',
          `"${branchCode}" is not a branch code of the Branches sheet or of Rollbook${leadingZeroHint(branchCode)}`,
        );
      }
      ctx.known.addStream(branchCode, streamCode, title);
      if (title === null || !row.ok) return null;
      return { key: keyOf(branchCode, streamCode), value: { branchCode, streamCode, title } };
    },
    'branch_code and stream_code',
  );
  const out: Planned<StreamValues>[] = [];
  for (const { row, value } of rows) {
    const known = ctx.known.stream(value.branchCode, value.streamCode);
    if (known?.ambiguous) {
      row.problem('stream_code', ambiguousStreamText(value.branchCode, value.streamCode));
      continue;
    }
    const current = ctx.existing.streams.find((s) => s.id === known?.id);
    out.push(
      planRow(
        row.row,
        value,
        known?.id === undefined ? undefined : { id: known.id, same: current?.title === value.title },
      ),
    );
  }
  return out;
}

/** Semesters: by stream, number and academic year; the dates may change. */
export async function checkSemesters(table: SheetTable | undefined, ctx: CheckContext) {
  const rows = await parseRows(
    table,
    ctx,
    (row) => {
      const branchCode = row.requiredText('branch_code', CODE_MAX);
      const streamCode = row.requiredText('stream_code', CODE_MAX);
      const no = row.int('semester', { min: 1, max: 12, required: true }) ?? null;
      const academicYear = row.academicYear('academic_year', true) ?? null;
      const startDate = row.date('start_date');
      const endDate = row.date('end_date');
      if (startDate && endDate && endDate < startDate)
        row.problem(
          'end_date',
          `${endDate} is before start_date ${startDate}; expected a day on or after it`,
        );
      if (branchCode === null || streamCode === null || no === null || academicYear === null) return null;
      const stream = ctx.known.stream(branchCode, streamCode);
      if (!stream) {
        row.problem(
          'stream_code',
          `branch ${branchCode} has no stream ${streamCode} in the Streams sheet or in Rollbook${leadingZeroHint(streamCode)}`,
        );
      } else if (stream.ambiguous) {
        row.problem('stream_code', ambiguousStreamText(branchCode, streamCode));
      }
      ctx.known.addSemester(branchCode, streamCode, no, academicYear);
      if (!row.ok) return null;
      return {
        key: keyOf(branchCode, streamCode, no, academicYear),
        value: { branchCode, streamCode, no, academicYear, startDate, endDate },
      };
    },
    'branch_code, stream_code, semester and academic_year',
  );
  return rows.map(({ row, value }): Planned<SemesterValues> => {
    const current = existingSemester(ctx, value);
    const same =
      current?.academicYear === value.academicYear &&
      (value.startDate === undefined || value.startDate === current.startDate) &&
      (value.endDate === undefined || value.endDate === current.endDate);
    return planRow(row.row, value, current && { id: current.id, same });
  });
}

/**
 * The existing semester a row names: same stream, number and academic year, or (for a semester
 * saved before academic years were written on semesters) same stream and number in the academic
 * term of that year, which the database allows only once.
 */
function existingSemester(ctx: CheckContext, value: SemesterValues) {
  const known = ctx.known.semester(value.branchCode, value.streamCode, value.no, value.academicYear);
  if (known?.id !== undefined) return ctx.existing.semesters.find((s) => s.id === known.id);
  const streamId = ctx.known.stream(value.branchCode, value.streamCode)?.id;
  const term = ctx.existing.terms.find((t) => t.startYear === Number(value.academicYear.slice(0, 4)));
  if (streamId === undefined || !term) return undefined;
  return ctx.existing.semesters.find(
    (s) => s.streamId === streamId && s.no === value.no && s.termId === term.id,
  );
}
