import {
  type CorrectionEntry,
  type CorrectMarkBody,
  type ExcelFile,
  type SessionSheet,
  type SheetRow,
} from '@rollbook/contract';
import { sessionRecordRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/**
 * A held session's record (Rollbook calls): its sheet, a correction, one mark's trail and the
 * spreadsheet. Shared by the teacher's history page and the ended lecture card. A correction
 * refreshes every sheet and history list, since their counts change with it.
 */
export const sessionSheetApi = api.enhanceEndpoints({ addTagTypes: ['SessionRecord'] }).injectEndpoints({
  endpoints: (build) => ({
    sessionSheet: build.query<SessionSheet, string>({
      query: (sessionId) =>
        contractRequest(sessionRecordRoutes.getSessionSheet, { params: { session_id: sessionId } }),
      transformResponse: (body: { data: SessionSheet }) => body.data,
      providesTags: ['SessionRecord'],
    }),
    correctMark: build.mutation<SheetRow, { sessionId: string; body: CorrectMarkBody }>({
      query: ({ sessionId, body }) =>
        contractRequest(sessionRecordRoutes.correctMark, { params: { session_id: sessionId }, body }),
      transformResponse: (body: { data: SheetRow }) => body.data,
      invalidatesTags: ['SessionRecord'],
    }),
    correctionTrail: build.query<CorrectionEntry[], { sessionId: string; studentSlug: string }>({
      query: ({ sessionId, studentSlug }) =>
        contractRequest(sessionRecordRoutes.getCorrectionTrail, {
          params: { session_id: sessionId, student_slug: studentSlug },
        }),
      transformResponse: (body: { data: CorrectionEntry[] }) => body.data,
      providesTags: ['SessionRecord'],
    }),
    // A mutation, not a query: a download is fetched afresh on every click and never cached.
    sessionWorkbook: build.mutation<ExcelFile, string>({
      query: (sessionId) =>
        contractRequest(sessionRecordRoutes.getSessionWorkbook, { params: { session_id: sessionId } }),
      transformResponse: (body: { data: ExcelFile }) => body.data,
    }),
  }),
});

export const {
  useSessionSheetQuery,
  useCorrectMarkMutation,
  useCorrectionTrailQuery,
  useSessionWorkbookMutation,
} = sessionSheetApi;
