import { useState, type ReactNode } from 'react';
import {
  ReportFilterQuerySchema,
  type DetentionList,
  type ReportFigures,
  type ReportTable,
} from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { DataTable, PHONE_HIDDEN_CELL, STICKY_ROW_HEADER } from '../../components/ui/data-table';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs } from '../../components/ui/tabs';
import { WeekChart } from '../../components/charts/week-chart';
import { errorText } from '../../lib/api/api-error';
import { downloadCsvText } from '../../lib/csv-download';
import { downloadExcel } from '../../lib/excel-download';
import { PageTitle } from '../../lib/page-title';
import {
  useDetentionListQuery,
  useReportCsvMutation,
  useReportOptionsQuery,
  useReportTableQuery,
  useReportTrendQuery,
  useReportWorkbookMutation,
} from './attendance-reports-api';
import { NO_REPORT_FILTERS, ReportFilters, reportQuery, type ReportFilterValues } from './report-filters';

/** Students per page of the table and of the detention list. */
export const REPORT_PAGE_SIZE = 25;

const percent = (f: ReportFigures | null) =>
  f === null ? '–' : f.percentage === null ? 'n/a' : `${f.percentage} %`;

function PercentagesTable({ data, threshold }: { data: ReportTable; threshold: number }) {
  return (
    <DataTable
      caption="Attendance percentage per student and subject"
      columns={['Student', ...data.subjects.map((s) => s.subject_name)]}
      minWidth={data.subjects.length > 2 ? 'min-w-[36rem]' : 'min-w-0'}
      dense
      // Many subjects scroll sideways inside the table's frame; the student stays in view.
      stickyFirstColumn
    >
      {data.rows.map((row) => (
        <tr key={row.student_slug} className="border-t border-slate-100">
          <th scope="row" className={`px-1.5 py-2 text-left font-normal sm:px-3 ${STICKY_ROW_HEADER}`}>
            <span className="block font-medium text-slate-900">{row.name || row.enrollment}</span>
            <span className="block text-xs text-slate-600">
              {row.enrollment}
              {row.division ? ` · Div ${row.division}` : ''}
            </span>
          </th>
          {row.cells.map((cell, i) => (
            <td
              key={data.subjects[i]!.slug}
              className={`px-1.5 py-2 whitespace-nowrap sm:px-3 ${
                cell?.percentage !== null && cell?.percentage !== undefined && cell.percentage < threshold
                  ? 'font-semibold text-amber-800'
                  : 'text-slate-800'
              }`}
              title={
                cell ? `Held ${cell.held}, attended ${cell.attended}, excused ${cell.excused}` : undefined
              }
            >
              {percent(cell)}
            </td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/** The detention list's counts, shown under the subject on a phone instead of as columns. */
const DETENTION_COUNTS = ['Held', 'Attended', 'Excused'] as const;

function DetentionTable({ data }: { data: DetentionList }) {
  return (
    <DataTable
      caption={`Students below ${data.below_percent} %`}
      columns={['Student', 'Subject', 'Held', 'Attended', 'Excused', '%']}
      // On a phone the counts go under the subject, so Student, Subject and % fit 390 px unscrolled.
      minWidth="min-w-0 sm:min-w-[34rem]"
      hideOnPhone={DETENTION_COUNTS}
      dense
    >
      {data.rows.map((row) => (
        <tr key={`${row.student_slug}-${row.subject_slug}`} className="border-t border-slate-100">
          <th scope="row" className="px-1.5 py-2 text-left font-normal sm:px-3">
            <span className="block font-medium text-slate-900">{row.name || row.enrollment}</span>
            <span className="block text-xs text-slate-600">
              {row.enrollment}
              {row.division ? ` · Div ${row.division}` : ''}
            </span>
          </th>
          <td className="px-1.5 py-2 sm:px-3">
            {row.subject_name}
            <span className="block text-xs text-slate-600 sm:hidden">
              Held {row.held} · Attended {row.attended} · Excused {row.excused}
            </span>
          </td>
          <td className={`px-1.5 py-2 sm:px-3 ${PHONE_HIDDEN_CELL}`}>{row.held}</td>
          <td className={`px-1.5 py-2 sm:px-3 ${PHONE_HIDDEN_CELL}`}>{row.attended}</td>
          <td className={`px-1.5 py-2 sm:px-3 ${PHONE_HIDDEN_CELL}`}>{row.excused}</td>
          <td className="px-1.5 py-2 font-semibold whitespace-nowrap text-amber-800 sm:px-3">
            {row.percentage} %
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Exports({ query, disabled }: { query: Record<string, string>; disabled: boolean }) {
  const [workbook, workbookState] = useReportWorkbookMutation();
  const [csv, csvState] = useReportCsvMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = workbookState.isLoading || csvState.isLoading;
  async function run(kind: 'table' | 'detention', format: 'xlsx' | 'csv') {
    setError(null);
    try {
      if (format === 'xlsx') downloadExcel(await workbook({ ...query, kind }).unwrap());
      else {
        const file = await csv({ ...query, kind }).unwrap();
        downloadCsvText(file.text, file.fileName);
      }
    } catch (err) {
      setError(errorText(err, 'The file could not be prepared'));
    }
  }
  return (
    <section aria-labelledby="exports-heading" className="flex flex-col gap-2">
      <h2 id="exports-heading" className="text-base font-semibold text-slate-900">
        Downloads
      </h2>
      <div className="flex flex-wrap gap-2" aria-busy={busy}>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || busy}
          onClick={() => void run('table', 'xlsx')}
        >
          Percentages (.xlsx)
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || busy}
          onClick={() => void run('table', 'csv')}
        >
          Percentages (CSV)
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || busy}
          onClick={() => void run('detention', 'xlsx')}
        >
          Detention list (.xlsx)
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || busy}
          onClick={() => void run('detention', 'csv')}
        >
          Detention list (CSV)
        </Button>
      </div>
      {busy ? (
        <p role="status" className="text-sm text-slate-600">
          Preparing the file…
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Attendance reports: a teacher's analytics for their subjects (`/teacher-dashboard/analytics`) and
 * an admin's for their branches (`/admin/attendance-reports`), the server deciding what each sees.
 * A student × subject percentage table a page at a time, the detention list below the threshold (or
 * an override), the weekly trend as a chart, and downloads of both lists.
 */
export function AttendanceReportsPage({ title }: { title: string }) {
  const [filters, setFilters] = useState<ReportFilterValues>(NO_REPORT_FILTERS);
  const [tablePage, setTablePage] = useState(1);
  const [detentionPage, setDetentionPage] = useState(1);
  const options = useReportOptionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const query = reportQuery(filters);
  // The same rules as the server, so a reversed range or a bad percentage is explained, not sent.
  const checked = ReportFilterQuerySchema.safeParse(query);
  const error = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const skip = !checked.success;
  const refetch = { skip, refetchOnMountOrArgChange: true };
  const table = useReportTableQuery({ ...query, page: tablePage, page_size: REPORT_PAGE_SIZE }, refetch);
  const detention = useDetentionListQuery(
    { ...query, page: detentionPage, page_size: REPORT_PAGE_SIZE },
    refetch,
  );
  const trend = useReportTrendQuery(query, refetch);
  const threshold = options.data?.threshold_percent ?? 75;
  const below = detention.data?.below_percent ?? threshold;
  // While a filter is wrong nothing is asked, and what is on screen answered other filters: it goes,
  // rather than sit under a heading that no longer matches the form.
  const ifFiltersValid = (report: ReactNode) =>
    skip ? <p className="text-sm text-slate-600">Correct the filter above to see the report.</p> : report;

  const loadError = (q: { isError: boolean; error?: unknown }, what: string) =>
    q.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {errorText(q.error, `${what} could not be loaded`)}
      </p>
    ) : null;

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <ReportFilters
        options={options.data}
        values={filters}
        error={error}
        onChange={(values) => {
          setFilters(values);
          setTablePage(1);
          setDetentionPage(1);
        }}
      />
      {loadError(options, 'The filters')}
      {options.data && options.data.subjects.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          There is no subject to report on yet.
        </p>
      ) : null}
      <Tabs
        label="Report"
        defaultValue="detention"
        items={[
          {
            value: 'detention',
            label: 'Detention list',
            content: (
              <div className="flex flex-col gap-3">
                {ifFiltersValid(
                  <>
                    <p className="text-sm text-slate-700">Students below {below} % in a subject.</p>
                    {loadError(detention, 'The detention list')}
                    <PagedReport
                      result={detention}
                      empty={`No student is below ${below} %.`}
                      pagerLabel="Pages of rows"
                      noun="rows"
                      onPage={setDetentionPage}
                    >
                      {(data) => <DetentionTable data={data} />}
                    </PagedReport>
                  </>,
                )}
              </div>
            ),
          },
          {
            value: 'table',
            label: 'Percentages',
            content: (
              <div className="flex flex-col gap-3">
                {ifFiltersValid(
                  <>
                    {loadError(table, 'The table')}
                    <PagedReport
                      result={table}
                      empty="No lecture has been held for these filters."
                      pagerLabel="Pages of students"
                      noun="students"
                      onPage={setTablePage}
                    >
                      {(data) => <PercentagesTable data={data} threshold={threshold} />}
                    </PagedReport>
                  </>,
                )}
              </div>
            ),
          },
          {
            value: 'trend',
            label: 'Trend by week',
            content: (
              <div className="flex flex-col gap-3">
                {loadError(trend, 'The trend')}
                {trend.data && !skip ? (
                  <>
                    <WeekChart
                      label="Attendance by week"
                      threshold={threshold}
                      weeks={trend.data.weeks.map((w) => ({
                        weekStart: w.week_start,
                        percentage: w.percentage,
                      }))}
                    />
                    <DataTable
                      caption="Attendance by week"
                      columns={['Week of', 'Held', 'Attended', 'Excused', '%']}
                      minWidth="min-w-0"
                      dense
                    >
                      {trend.data.weeks.map((w) => (
                        <tr key={w.week_start} className="border-t border-slate-100">
                          <td className="px-1.5 py-2 sm:px-3">{w.week_start}</td>
                          <td className="px-1.5 py-2 sm:px-3">{w.held}</td>
                          <td className="px-1.5 py-2 sm:px-3">{w.attended}</td>
                          <td className="px-1.5 py-2 sm:px-3">{w.excused}</td>
                          <td className="px-1.5 py-2 sm:px-3">
                            {w.percentage === null ? 'n/a' : `${w.percentage} %`}
                          </td>
                        </tr>
                      ))}
                    </DataTable>
                  </>
                ) : null}
              </div>
            ),
          },
        ]}
      />
      <Exports query={query} disabled={skip} />
    </section>
  );
}

interface PagedData {
  rows: readonly unknown[];
  current_page: number;
  num_pages: number;
  total: number;
}

/** A paged report tab's result: a placeholder while it first loads, a line when empty, else the table and its pager. */
function PagedReport<T extends PagedData>(props: {
  result: { data?: T | undefined; isFetching: boolean };
  empty: string;
  pagerLabel: string;
  noun: string;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { data, isFetching } = props.result;
  if (!data) return isFetching ? <Skeleton className="h-32 w-full" /> : null;
  if (data.rows.length === 0) return <p className="text-sm text-slate-600">{props.empty}</p>;
  return (
    <>
      {props.children(data)}
      <Pager
        page={data.current_page}
        pages={data.num_pages}
        label={props.pagerLabel}
        count={`${data.total} ${props.noun}`}
        onPage={props.onPage}
      />
    </>
  );
}
