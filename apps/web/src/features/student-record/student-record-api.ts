import { type RecordMarks, type StudentRecord } from '@rollbook/contract';
import { attendanceRecordRoutes } from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/** The student's own record and marks (Rollbook calls). */
export const studentRecordApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentRecord: build.query<StudentRecord, void>({
      query: () => contractRequest(attendanceRecordRoutes.getStudentRecord),
      transformResponse: (body: { data: StudentRecord }) => body.data,
    }),
    studentMarks: build.query<RecordMarks, { subject: string; page: number; pageSize: number }>({
      query: ({ subject, page, pageSize }) =>
        contractRequest(attendanceRecordRoutes.getStudentMarks, {
          query: { ...(subject ? { subject } : {}), page, page_size: pageSize },
        }),
      transformResponse: (body: { data: RecordMarks }) => body.data,
    }),
  }),
});

export const { useStudentRecordQuery, useStudentMarksQuery } = studentRecordApi;
