import {
  type AddSubjectsToSemesterBody,
  type DeadlineExtension,
  type ExtendDeadlineBody,
  type SemesterSlugBody,
  type SemesterFull,
  type Stream,
  type Subject,
} from '@rollbook/contract';
import { catalogueRoutes, choicesRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

/** A mutation body plus the stream whose cached semester list the result updates. */
export interface InStream<Body> {
  streamSlug: string;
  body: Body;
}

function isoDateOf(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/** Reads the payload out of the success envelope. */
function payload<T>(body: Envelope<T>): T {
  return body.data;
}

/** The admin's subject-selection calls (contract §9.1-9.6). */
export const subjectSelectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStreams: build.query<Stream[], void>({
      query: () => contractRequest(catalogueRoutes.getStreams),
      transformResponse: payload<Stream[]>,
    }),
    getSemestersFromStream: build.query<SemesterFull[], string>({
      query: (streamSlug) =>
        contractRequest(catalogueRoutes.getSemestersFromStream, { params: { stream_slug: streamSlug } }),
      transformResponse: payload<SemesterFull[]>,
    }),
    getSubjectsFromAcademicYear: build.query<Subject[], { semesterSlug: string; year: string }>({
      query: ({ semesterSlug, year }) =>
        contractRequest(catalogueRoutes.getSubjectsFromAcademicYear, {
          params: { semester_slug: semesterSlug, year },
        }),
      transformResponse: payload<Subject[]>,
    }),
    addSubjectsToSemester: build.mutation<Subject[], InStream<AddSubjectsToSemesterBody>>({
      query: ({ body }) => contractRequest(choicesRoutes.addSubjectsToSemester, { body }),
      transformResponse: payload<Subject[]>,
      async onQueryStarted({ streamSlug, body }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const deadline = body.deadline_timestamp;
        dispatch(
          patchSemester(streamSlug, body.semester_slug, {
            subjects: data.length > 0 ? data : null,
            subjects_locked: true,
            deadline_reached: false,
            ...(deadline !== null ? { subject_choice_deadline: isoDateOf(deadline) } : {}),
          }),
        );
      },
    }),
    unlockSubjectChoices: build.mutation<boolean, InStream<SemesterSlugBody>>({
      query: ({ body }) => contractRequest(choicesRoutes.unlockSubjectChoices, { body }),
      transformResponse: payload<boolean>,
      async onQueryStarted({ streamSlug, body }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: false }));
        if (data === true) {
          dispatch(patchSemester(streamSlug, body.semester_slug, { subjects_locked: false }));
        }
      },
    }),
    extendSubjectChoiceDeadline: build.mutation<DeadlineExtension, InStream<ExtendDeadlineBody>>({
      query: ({ body }) => contractRequest(choicesRoutes.extendSubjectChoiceDeadline, { body }),
      transformResponse: payload<DeadlineExtension>,
      async onQueryStarted({ streamSlug, body }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data?.is_changed) return;
        dispatch(
          patchSemester(streamSlug, body.semester_slug, {
            subject_choice_deadline: data.deadline_timestamp,
            deadline_reached: false,
          }),
        );
      },
    }),
  }),
});

export const {
  useGetStreamsQuery,
  useGetSemestersFromStreamQuery,
  useGetSubjectsFromAcademicYearQuery,
  useAddSubjectsToSemesterMutation,
  useUnlockSubjectChoicesMutation,
  useExtendSubjectChoiceDeadlineMutation,
} = subjectSelectionApi;

// Rewrites the cached semester list after a successful lock, unlock or extension, so the page
// reflects the new state without another round trip (product spec §4, Subject selection).
function patchSemester(streamSlug: string, semesterSlug: string, patch: Partial<SemesterFull>) {
  return subjectSelectionApi.util.updateQueryData('getSemestersFromStream', streamSlug, (semesters) => {
    const semester = semesters.find((candidate) => candidate.slug === semesterSlug);
    if (semester) Object.assign(semester, patch);
  });
}
