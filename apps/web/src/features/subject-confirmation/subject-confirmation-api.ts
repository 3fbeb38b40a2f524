import {
  type ExcelFile,
  type SemesterFull,
  type Stream,
  type StudentChoiceRow,
  type StudentChoiceUnlockResult,
  type SubjectCategory,
  type TeacherChoiceRow,
  type TeacherSubjectMapEntry,
  type UnlockStudentChoiceBody,
} from '@rollbook/contract';
import { catalogueRoutes, choicesRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

type Envelope<T> = { data: T };

/** Reads the payload out of the success envelope. */
function payload<T>(body: Envelope<T>): T {
  return body.data;
}

/** A teacher-unlock call plus the name used in the success toast. */
export interface UnlockTeacherArgs {
  teacherSlug: string;
}

// Endpoint names are prefixed: features never share endpoint definitions, and one name injected
// twice would be ignored by RTK Query.
/** The admin's confirmation calls (contract §9.1-9.2, §9.7-9.13). */
export const subjectConfirmationApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmationStreams: build.query<Stream[], void>({
      query: () => contractRequest(catalogueRoutes.getStreams),
      transformResponse: payload<Stream[]>,
    }),
    confirmationSemesters: build.query<SemesterFull[], string>({
      query: (streamSlug) =>
        contractRequest(catalogueRoutes.getSemestersFromStream, { params: { stream_slug: streamSlug } }),
      transformResponse: payload<SemesterFull[]>,
    }),
    complementarySubjects: build.query<SubjectCategory[], string>({
      query: (semesterSlug) =>
        contractRequest(catalogueRoutes.getComplementarySubjects, {
          params: { semester_slug: semesterSlug },
        }),
      transformResponse: payload<SubjectCategory[]>,
    }),
    teachersForSubject: build.query<TeacherChoiceRow[], string>({
      query: (subjectSlug) =>
        contractRequest(choicesRoutes.getTeachersForSubject, { params: { subject_slug: subjectSlug } }),
      transformResponse: payload<TeacherChoiceRow[]>,
    }),
    studentsForSubject: build.query<StudentChoiceRow[], string>({
      query: (subjectSlug) =>
        contractRequest(choicesRoutes.getStudentsForSubject, { params: { subject_slug: subjectSlug } }),
      transformResponse: payload<StudentChoiceRow[]>,
    }),
    unlockStudentChoice: build.mutation<StudentChoiceUnlockResult, UnlockStudentChoiceBody>({
      query: (body) => contractRequest(choicesRoutes.unlockSubjectChoiceForStudent, { body }),
      transformResponse: payload<StudentChoiceUnlockResult>,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data?.subject_delete) return;
        dispatch(
          subjectConfirmationApi.util.updateQueryData('studentsForSubject', body.subject_slug, (rows) =>
            rows.filter((row) => row.slug !== body.subject_choices_slug),
          ),
        );
      },
    }),
    allSubjectsOfTeacher: build.query<TeacherSubjectMapEntry[], void>({
      query: () => contractRequest(choicesRoutes.getAllSubjectsOfTeacher),
      transformResponse: payload<TeacherSubjectMapEntry[]>,
    }),
    unlockTeacherChoices: build.mutation<{ choices_unlocked: boolean }, UnlockTeacherArgs>({
      query: ({ teacherSlug }) =>
        contractRequest(choicesRoutes.unlockSubjectChoicesForTeacher, {
          body: { teacher_slug: teacherSlug },
        }),
      transformResponse: payload<{ choices_unlocked: boolean }>,
      async onQueryStarted({ teacherSlug }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        // Unlocked teachers leave the map; otherwise their streams simply read as unlocked.
        dispatch(
          subjectConfirmationApi.util.updateQueryData('allSubjectsOfTeacher', undefined, (entries) =>
            data.choices_unlocked
              ? entries.filter((entry) => entry.teacher.slug !== teacherSlug)
              : entries.map((entry) =>
                  entry.teacher.slug === teacherSlug
                    ? {
                        ...entry,
                        selected_subjects:
                          entry.selected_subjects?.map((stream) => ({ ...stream, choices_locked: false })) ??
                          null,
                      }
                    : entry,
                ),
          ),
        );
      },
    }),
    teacherToSubjectExcel: build.mutation<ExcelFile, void>({
      query: () => contractRequest(choicesRoutes.getTeacherToSubjectExcel),
      transformResponse: payload<ExcelFile>,
    }),
    subjectToTeacherExcel: build.mutation<ExcelFile, void>({
      query: () => contractRequest(choicesRoutes.getSubjectToTeacherExcel),
      transformResponse: payload<ExcelFile>,
    }),
    studentToSubjectExcel: build.mutation<ExcelFile, string>({
      query: (semesterSlug) =>
        contractRequest(choicesRoutes.getStudentToSubjectExcel, { params: { semester_slug: semesterSlug } }),
      transformResponse: payload<ExcelFile>,
    }),
  }),
});

export const {
  useConfirmationStreamsQuery,
  useConfirmationSemestersQuery,
  useComplementarySubjectsQuery,
  useTeachersForSubjectQuery,
  useStudentsForSubjectQuery,
  useUnlockStudentChoiceMutation,
  useAllSubjectsOfTeacherQuery,
  useUnlockTeacherChoicesMutation,
  useTeacherToSubjectExcelMutation,
  useSubjectToTeacherExcelMutation,
  useStudentToSubjectExcelMutation,
} = subjectConfirmationApi;
