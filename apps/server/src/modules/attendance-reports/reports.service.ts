import type {
  ColumnsAndDetails,
  DetailedExcelBody,
  DetentionList,
  ExcelFile,
  ReportFigures,
  ReportFilterQuery,
  ReportOptions,
  ReportTable,
  ReportTrend,
  TeacherSubject,
} from '@rollbook/contract';
import { REPORT_PAGE_SIZE_DEFAULT } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/app-error';
import { buildWorkbook } from '../../lib/workbook';
import { createAttendanceRecordRepository, type SubjectTally } from '../../domain/attendance-record';
import { createReportsRepository } from './reports.repository';
import { recordFilterOf, reportScopeOf, scopedSubject, type ReportScope } from './report-scope';
import { DETAINED_COLUMNS, detainedDetails, tallyCsv, tallySheet } from './report-sheets';
import { reportFileName } from './report-file-name';

type ExportQuery = Omit<ReportFilterQuery, 'page' | 'page_size'> & { kind: 'table' | 'detention' };

function figures(t: SubjectTally): ReportFigures {
  return {
    held: t.held,
    attended: t.attended,
    excused: t.excused,
    absent: t.absent,
    percentage: t.percentage,
  };
}

function paging(q: { page?: number | undefined; page_size?: number | undefined }) {
  const size = q.page_size ?? REPORT_PAGE_SIZE_DEFAULT;
  const page = q.page ?? 1;
  return { size, page, offset: (page - 1) * size };
}

const numPages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** Teachers' and admins' attendance reports, each scoped on the server (see report-scope.ts). */
export function createReportsService(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const record = createAttendanceRecordRepository(db);

  async function rulesOf(institutionId: number) {
    const rules = await record.countingRules(institutionId);
    if (!rules) throw new AppError('not_found', 'Institution not found');
    return rules;
  }

  /** Detained rows of a query: below `below`, else the institution's threshold. */
  async function detainedOf(auth: AuthContext, q: ReportFilterQuery | ExportQuery, scope?: ReportScope) {
    scope ??= await reportScopeOf(db, auth);
    const filter = await recordFilterOf(db, scope, q);
    const below = q.below ?? (await rulesOf(auth.institutionId)).thresholdPercent;
    return { below, rows: await record.detained(filter, below) };
  }

  /**
   * The download name of an export: the subject's code, the division and batch names, the limit of
   * a detention list and the dates, as the query narrows it (its slugs already checked by the
   * export's own filter, which runs first) in the caller's `scope`, read once per export.
   */
  async function exportFileName(
    auth: AuthContext,
    scope: ReportScope,
    q: ExportQuery,
    extension: 'csv' | 'xlsx',
  ) {
    const repo = createReportsRepository(db);
    const subject = q.subject === undefined ? undefined : scopedSubject(scope, q.subject);
    const divisions =
      q.division === undefined && q.batch === undefined
        ? []
        : await repo.divisionsOf([...new Set(scope.subjects.map((s) => s.semesterId))]);
    const division = divisions.find((d) => d.slug === q.division);
    const batch =
      q.batch === undefined
        ? undefined
        : (await repo.batchesOf(divisions.map((d) => d.id))).find((b) => b.slug === q.batch);
    const below =
      q.kind === 'detention' ? (q.below ?? (await rulesOf(auth.institutionId)).thresholdPercent) : undefined;
    return reportFileName(
      {
        kind: q.kind,
        subject: subject?.subjectCode,
        division: division ? `sem${division.semesterNo}-${division.name}` : undefined,
        batch: batch?.name,
        below,
        from: q.start_date,
        to: q.end_date,
      },
      extension,
    );
  }

  return {
    async options(auth: AuthContext): Promise<ReportOptions> {
      const scope = await reportScopeOf(db, auth);
      const repo = createReportsRepository(db);
      const divisions = await repo.divisionsOf([...new Set(scope.subjects.map((s) => s.semesterId))]);
      const batches = await repo.batchesOf(divisions.map((d) => d.id));
      const divisionSlug = new Map(divisions.map((d) => [d.id, d.slug]));
      const rules = await rulesOf(auth.institutionId);
      return {
        threshold_percent: rules.thresholdPercent,
        excused_counts_as: rules.excusedCountsAs,
        subjects: scope.subjects.map((s) => ({
          slug: s.slug,
          subject_name: s.subjectName,
          subject_code: s.subjectCode,
          semester: s.semesterNo,
          branch: s.branchName,
          semester_slug: s.semesterSlug,
        })),
        divisions: divisions.map((d) => ({
          slug: d.slug,
          division_name: d.name,
          semester_slug: d.semesterSlug,
          full_name: `${d.streamTitle} ${d.branchName} semester ${d.semesterNo}, division ${d.name}`,
        })),
        batches: batches.map((b) => ({
          slug: b.slug,
          batch_name: b.name,
          division_slug: divisionSlug.get(b.divisionId) ?? '',
        })),
      };
    },

    /** One page of students with a column per subject held in the filter. */
    async table(auth: AuthContext, q: ReportFilterQuery): Promise<ReportTable> {
      const scope = await reportScopeOf(db, auth);
      const filter = await recordFilterOf(db, scope, q);
      const { size, page, offset } = paging(q);
      const roster = await record.roster(filter, { limit: size, offset });
      const tallies =
        roster.studentIds.length === 0
          ? []
          : await record.subjectTallies({ ...filter, studentIds: roster.studentIds });
      const subjects = scope.subjects.filter((s) => roster.subjectIds.includes(s.id));
      const byStudent = new Map<number, SubjectTally[]>();
      for (const t of tallies) byStudent.set(t.studentId, [...(byStudent.get(t.studentId) ?? []), t]);
      return {
        subjects: subjects.map((s) => ({
          slug: s.slug,
          subject_name: s.subjectName,
          subject_code: s.subjectCode,
        })),
        rows: roster.studentIds.flatMap((id) => {
          const mine = byStudent.get(id) ?? [];
          const first = mine[0];
          if (!first) return [];
          return [
            {
              student_slug: first.studentSlug,
              enrollment: first.enrollment,
              name: first.studentName ?? '',
              division: first.divisionName,
              cells: subjects.map((s) => {
                const t = mine.find((x) => x.subjectId === s.id);
                return t ? figures(t) : null;
              }),
            },
          ];
        }),
        current_page: page,
        num_pages: numPages(roster.total, size),
        total: roster.total,
      };
    },

    async detention(auth: AuthContext, q: ReportFilterQuery): Promise<DetentionList> {
      const { below, rows } = await detainedOf(auth, q);
      const { size, page, offset } = paging(q);
      return {
        below_percent: below,
        rows: rows.slice(offset, offset + size).map((t) => ({
          student_slug: t.studentSlug,
          enrollment: t.enrollment,
          name: t.studentName ?? '',
          division: t.divisionName,
          subject_slug: t.subjectSlug,
          subject_name: t.subjectName,
          ...figures(t),
        })),
        current_page: page,
        num_pages: numPages(rows.length, size),
        total: rows.length,
      };
    },

    async trend(auth: AuthContext, q: ReportFilterQuery): Promise<ReportTrend> {
      const scope = await reportScopeOf(db, auth);
      const weeks = await record.weeklyTrend(await recordFilterOf(db, scope, q));
      return {
        weeks: weeks.map((w) => ({
          week_start: w.weekStart,
          held: w.held,
          attended: w.attended,
          excused: w.excused,
          percentage: w.percentage,
        })),
      };
    },

    /** The whole table (every student) or the detention list, for an export. */
    async exportTallies(auth: AuthContext, q: ExportQuery, scope?: ReportScope): Promise<SubjectTally[]> {
      scope ??= await reportScopeOf(db, auth);
      if (q.kind === 'detention') return (await detainedOf(auth, q, scope)).rows;
      return record.subjectTallies(await recordFilterOf(db, scope, q));
    },

    async workbook(auth: AuthContext, q: ExportQuery): Promise<ExcelFile> {
      const scope = await reportScopeOf(db, auth);
      const tallies = await this.exportTallies(auth, q, scope);
      const name = q.kind === 'detention' ? 'Detention list' : 'Attendance';
      return buildWorkbook(await exportFileName(auth, scope, q, 'xlsx'), [tallySheet(name, tallies)]);
    },

    /** The CSV text and the name it downloads as (what it holds: record-0004). */
    async csv(auth: AuthContext, q: ExportQuery): Promise<{ text: string; fileName: string }> {
      const scope = await reportScopeOf(db, auth);
      return {
        text: tallyCsv(await this.exportTallies(auth, q, scope)),
        fileName: await exportFileName(auth, scope, q, 'csv'),
      };
    },

    // ---- contract §13 ----

    async subjectsOfTeacher(auth: AuthContext): Promise<TeacherSubject[]> {
      const scope = await reportScopeOf(db, auth);
      return scope.subjects.map((s) => ({
        slug: s.slug,
        subject_name: s.subjectName,
        branch: s.branchName,
        semester: s.semesterNo,
      }));
    },

    async detainedBySubject(
      auth: AuthContext,
      subjectSlug: string,
      q: { less_than?: number | undefined; start_date?: string | undefined; end_date?: string | undefined },
    ): Promise<ColumnsAndDetails> {
      const { rows } = await detainedOf(auth, {
        subject: subjectSlug,
        below: q.less_than,
        start_date: q.start_date,
        end_date: q.end_date,
        kind: 'detention',
      });
      return { columns: DETAINED_COLUMNS, details: detainedDetails(rows) };
    },

    /** The later client's table as a file: its own columns and cells, every cell typed. */
    async detailedExcel(auth: AuthContext, body: DetailedExcelBody): Promise<ExcelFile> {
      const subject = scopedSubject(await reportScopeOf(db, auth), body.subject_slug);
      const width = body.columns.length;
      const bad = body.details.findIndex((row) => row.length !== width);
      if (bad >= 0) {
        throw new AppError(
          'validation_failed',
          `Row ${bad + 1} of details has ${body.details[bad]!.length} cells but there are ${width} columns`,
        );
      }
      return buildWorkbook(`${subject.subjectCode}_attendance.xlsx`, [
        {
          name: subject.subjectName,
          columns: body.columns.map((header) => ({
            header,
            width: Math.max(10, Math.min(40, header.length + 4)),
          })),
          rows: body.details,
        },
      ]);
    },
  };
}
