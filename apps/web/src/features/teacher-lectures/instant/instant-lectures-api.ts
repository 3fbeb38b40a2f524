import {
  type CreateInstantLectureInput,
  type InstantBatchOption,
  type InstantBranchOption,
  type InstantLectureTeacher,
  type InstantSemesterOption,
  type InstantSemesterOptions,
} from '@rollbook/contract';
import { instantLectureRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../../lib/api/api';

interface Listed<T> {
  data: T;
}

const metadata = instantLectureRoutes.getInstantLectureMetadata;

/**
 * The instant lecture calls of contract §13: the pickers one level at a time (branches, a branch's
 * semesters, a semester's divisions and subjects, a division's batches), the teacher's list and
 * creating one. Starting the session is `createInstantLectureSession` beside the timetable's start.
 */
export const instantLecturesApi = api.enhanceEndpoints({ addTagTypes: ['InstantLectures'] }).injectEndpoints({
  endpoints: (build) => ({
    getInstantBranches: build.query<InstantBranchOption[], void>({
      query: () => contractRequest(metadata),
      transformResponse: (response: Listed<InstantBranchOption[]>) => response.data,
    }),
    getInstantSemesters: build.query<InstantSemesterOption[], string>({
      query: (branch) => contractRequest(metadata, { query: { branch } }),
      transformResponse: (response: Listed<InstantSemesterOption[]>) => response.data,
    }),
    getInstantSemesterOptions: build.query<InstantSemesterOptions, string>({
      query: (semester) => contractRequest(metadata, { query: { semester } }),
      transformResponse: (response: Listed<InstantSemesterOptions>) => response.data,
    }),
    getInstantBatches: build.query<InstantBatchOption[], string>({
      query: (division) => contractRequest(metadata, { query: { division } }),
      transformResponse: (response: Listed<InstantBatchOption[]>) => response.data,
    }),
    getInstantLecturesForTeacher: build.query<InstantLectureTeacher[], void>({
      query: () => contractRequest(instantLectureRoutes.getInstantLecturesForTeacher),
      transformResponse: (response: Listed<InstantLectureTeacher[]>) => response.data,
      providesTags: ['InstantLectures'],
    }),
    createInstantLecture: build.mutation<InstantLectureTeacher, CreateInstantLectureInput>({
      query: (body) => contractRequest(instantLectureRoutes.createInstantLecture, { body }),
      transformResponse: (response: Listed<InstantLectureTeacher>) => response.data,
      invalidatesTags: ['InstantLectures'],
    }),
  }),
});

export const {
  useGetInstantBranchesQuery,
  useGetInstantSemestersQuery,
  useGetInstantSemesterOptionsQuery,
  useGetInstantBatchesQuery,
  useGetInstantLecturesForTeacherQuery,
  useCreateInstantLectureMutation,
} = instantLecturesApi;
