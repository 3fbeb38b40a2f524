import {
  type ConfirmDivisionsBody,
  type DivisionsReset,
  type DivisionSuggestion,
  type ExcelFile,
  type SemesterSummary,
  type Stream,
  type SubjectChoiceGroupsResult,
} from '@rollbook/contract';
import { catalogueRoutes, divisionResetRoutes, divisionRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

/** Reads the payload out of the success envelope. */
function payload<T>(body: Envelope<T>): T {
  return body.data;
}

/** What the suggestion call needs: the semester and the raw "Maximum Division Count" text. */
export interface SuggestionArgs {
  semesterSlug: string;
  maxStudents: string;
}

/** What the division spreadsheet call needs. */
export interface DivisionExcelArgs {
  semesterSlug: string;
  divisionName: string;
}

// Endpoint names are prefixed: features never share endpoint definitions, and one name injected
// twice would be ignored by RTK Query.
/** The admin's division creation calls (contract §9.1, §10.1-10.5). */
export const divisionCreationApi = api.injectEndpoints({
  endpoints: (build) => ({
    divisionStreams: build.query<Stream[], void>({
      query: () => contractRequest(catalogueRoutes.getStreams),
      transformResponse: payload<Stream[]>,
    }),
    divisionSemesters: build.query<SemesterSummary[], string>({
      query: (streamSlug) =>
        contractRequest(catalogueRoutes.getSemestersOnlyFromStream, { params: { stream_slug: streamSlug } }),
      transformResponse: payload<SemesterSummary[]>,
    }),
    subjectChoiceGroups: build.query<SubjectChoiceGroupsResult, string>({
      query: (semesterSlug) =>
        contractRequest(divisionRoutes.getSubjectChoiceGroups, { params: { semester_slug: semesterSlug } }),
      transformResponse: payload<SubjectChoiceGroupsResult>,
      // Another admin may have confirmed divisions meanwhile: never trust an old answer on arrival.
      keepUnusedDataFor: 0,
    }),
    // A mutation rather than a query: planning runs on request (a button), can take seconds, and
    // each answer belongs to the screen that asked for it, not to a shared cache.
    divisionSuggestion: build.mutation<DivisionSuggestion, SuggestionArgs>({
      query: ({ semesterSlug, maxStudents }) =>
        contractRequest(divisionRoutes.getDivisionSuggestion, {
          params: { semester_slug: semesterSlug },
          query: { max_students: maxStudents },
        }),
      transformResponse: payload<DivisionSuggestion>,
      // The page says why a plan was refused: under the size field when the size is the problem (a
      // toast would repeat it with the wire name in front), else in its alert.
      extraOptions: { silent: true },
    }),
    confirmDivisions: build.mutation<true, ConfirmDivisionsBody>({
      query: (body) => contractRequest(divisionRoutes.confirmSuggestedDivisions, { body }),
      transformResponse: payload<true>,
    }),
    // Rollbook addition: discard a semester's divisions to plan them again (before any session).
    resetDivisions: build.mutation<DivisionsReset, string>({
      query: (semesterSlug) =>
        contractRequest(divisionResetRoutes.resetDivisions, { params: { semester_slug: semesterSlug } }),
      transformResponse: payload<DivisionsReset>,
      // The page says why a refusal happened next to the button.
      extraOptions: { silent: true },
    }),
    divisionExcel: build.mutation<ExcelFile, DivisionExcelArgs>({
      query: ({ semesterSlug, divisionName }) =>
        contractRequest(divisionRoutes.getDivisionStudentDataExcel, {
          query: { semester_slug: semesterSlug, division_name: divisionName },
        }),
      transformResponse: payload<ExcelFile>,
    }),
  }),
});

export const {
  useDivisionStreamsQuery,
  useDivisionSemestersQuery,
  useSubjectChoiceGroupsQuery,
  useDivisionSuggestionMutation,
  useConfirmDivisionsMutation,
  useDivisionExcelMutation,
  useResetDivisionsMutation,
} = divisionCreationApi;
