import {
  type HistoryMetadata,
  type SessionsOfTeacher,
  type SessionsOfTeacherBodyInput,
} from '@rollbook/contract';
import { sessionHistoryRoutes, sessionRecordRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/** One page of the history: the filters go in the body, the page in the query string (§13). */
export interface HistoryPageArgs {
  filters: SessionsOfTeacherBodyInput;
  page: number;
  pageSize: number;
}

/**
 * The teacher's session history (contract §13). The list shares the session record's tag, so a
 * correction made in a sheet refreshes the counts of the list behind it.
 */
export const lectureHistoryApi = api.enhanceEndpoints({ addTagTypes: ['SessionRecord'] }).injectEndpoints({
  endpoints: (build) => ({
    historyMetadata: build.query<HistoryMetadata, void>({
      query: () => contractRequest(sessionHistoryRoutes.getHistoryMetadata),
      transformResponse: (body: { data: HistoryMetadata }) => body.data,
    }),
    // A POST that only reads: a query, so pages are cached and refetched like any list.
    sessionsOfTeacher: build.query<SessionsOfTeacher, HistoryPageArgs>({
      query: ({ filters, page, pageSize }) =>
        contractRequest(sessionHistoryRoutes.getSessionsOfTeacher, {
          query: { page, page_size: pageSize },
          body: filters,
        }),
      transformResponse: (body: { data: SessionsOfTeacher }) => body.data,
      providesTags: ['SessionRecord'],
    }),
    // An admin's view: the same shapes over every lecture of their branches (Rollbook calls).
    branchHistoryFilters: build.query<HistoryMetadata, void>({
      query: () => contractRequest(sessionRecordRoutes.getBranchHistoryFilters),
      transformResponse: (body: { data: HistoryMetadata }) => body.data,
    }),
    branchSessions: build.query<SessionsOfTeacher, HistoryPageArgs>({
      query: ({ filters, page, pageSize }) =>
        contractRequest(sessionRecordRoutes.searchBranchSessions, {
          query: { page, page_size: pageSize },
          body: filters,
        }),
      transformResponse: (body: { data: SessionsOfTeacher }) => body.data,
      providesTags: ['SessionRecord'],
    }),
  }),
});

export const {
  useHistoryMetadataQuery,
  useSessionsOfTeacherQuery,
  useBranchHistoryFiltersQuery,
  useBranchSessionsQuery,
} = lectureHistoryApi;
