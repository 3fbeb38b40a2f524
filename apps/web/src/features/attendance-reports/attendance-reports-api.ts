import {
  type DetentionList,
  type ExcelFile,
  type ReportOptions,
  type ReportTable,
  type ReportTrend,
} from '@rollbook/contract';
import { attendanceRecordRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';
import { attachmentFileName } from '../../lib/csv-download';

/** A report call's query string: the filters' slugs, dates and numbers (see ReportFilterQuerySchema). */
export type ReportQueryArgs = Readonly<Record<string, string | number>>;
/** An export's query: the filters and which list. */
export type ReportExportArgs = ReportQueryArgs & { kind: 'table' | 'detention' };

/** Teachers' and admins' attendance reports (Rollbook calls); the server scopes every answer. */
export const attendanceReportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportOptions: build.query<ReportOptions, void>({
      query: () => contractRequest(attendanceRecordRoutes.getReportOptions),
      transformResponse: (body: { data: ReportOptions }) => body.data,
    }),
    reportTable: build.query<ReportTable, ReportQueryArgs>({
      query: (q) => contractRequest(attendanceRecordRoutes.getReportTable, { query: q }),
      transformResponse: (body: { data: ReportTable }) => body.data,
    }),
    detentionList: build.query<DetentionList, ReportQueryArgs>({
      query: (q) => contractRequest(attendanceRecordRoutes.getDetentionList, { query: q }),
      transformResponse: (body: { data: DetentionList }) => body.data,
    }),
    reportTrend: build.query<ReportTrend, ReportQueryArgs>({
      query: (q) => contractRequest(attendanceRecordRoutes.getReportTrend, { query: q }),
      transformResponse: (body: { data: ReportTrend }) => body.data,
    }),
    reportWorkbook: build.mutation<ExcelFile, ReportExportArgs>({
      query: (q) => contractRequest(attendanceRecordRoutes.getReportWorkbook, { query: q }),
      transformResponse: (body: { data: ExcelFile }) => body.data,
    }),
    reportCsv: build.mutation<{ text: string; fileName: string }, ReportExportArgs>({
      query: (q) => ({
        ...contractRequest(attendanceRecordRoutes.getReportCsv, { query: q }),
        // Text when it succeeds; an error answer is the JSON envelope, read so its message is shown.
        responseHandler: 'content-type',
      }),
      // The server names the file after what it holds (subject, division, dates); the old names
      // are the fallback.
      transformResponse: (text: string, meta, q) => ({
        text,
        fileName: attachmentFileName(
          meta?.response?.headers.get('content-disposition'),
          q.kind === 'detention' ? 'detention_list.csv' : 'attendance.csv',
        ),
      }),
    }),
  }),
});

export const {
  useReportOptionsQuery,
  useReportTableQuery,
  useDetentionListQuery,
  useReportTrendQuery,
  useReportWorkbookMutation,
  useReportCsvMutation,
} = attendanceReportsApi;
