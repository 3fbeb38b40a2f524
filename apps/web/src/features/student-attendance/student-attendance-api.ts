import {
  ATTENDANCE_AUDIO_FIELD,
  sessionReviewRoutes,
  sessionRoutes,
  timetableRoutes,
  type CodedEnvelope,
  type ServerTime,
  type StudentTimetableEntry,
} from '@rollbook/contract';
import { api, contractRequest } from '../../lib/api/api';

/** A proof of presence ready to upload (contract §6.2). */
export interface AttendanceProof {
  lectureSlug: string;
  latitude: number;
  longitude: number;
  /** The WAV bytes, uploaded as `recording.wav`. */
  wav: Uint8Array<ArrayBuffer>;
  /** ms epoch of the recording's first sample: server time when `clockOffsetMs` is known. */
  startTime: number;
  /** The device's measured offset to the server's clock (Rollbook's own field), if measured. */
  clockOffsetMs?: number | undefined;
}

/** What marking and manual requests answer: `data` and the attendance `code` (100 = done). */
export interface AttendanceAnswer {
  data: boolean;
  code: number | null;
}

/** Builds the multipart body of `mark_attendance_for_student/` with the exact field names. */
export function attendanceForm(proof: AttendanceProof): FormData {
  const form = new FormData();
  form.append('latitude', String(proof.latitude));
  form.append('longitude', String(proof.longitude));
  form.append('lecture_slug', proof.lectureSlug);
  form.append(ATTENDANCE_AUDIO_FIELD, new File([proof.wav], 'recording.wav', { type: 'audio/wav' }));
  form.append('start_time', String(Math.round(proof.startTime)));
  if (proof.clockOffsetMs !== undefined)
    form.append('clock_offset_ms', String(Math.round(proof.clockOffsetMs)));
  return form;
}

/** The student's timetable and the two marking calls (contract §6.1-§6.3). */
export const studentAttendanceApi = api
  .enhanceEndpoints({ addTagTypes: ['StudentTimetable'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStudentTimetable: build.query<StudentTimetableEntry[], void>({
        query: () => contractRequest(timetableRoutes.getTimetableForStudent),
        transformResponse: (response: { data: StudentTimetableEntry[] }) => response.data,
        providesTags: ['StudentTimetable'],
      }),
      // Never cached: each call is one round trip of a clock measurement.
      getServerTime: build.query<number, void>({
        query: () => contractRequest(sessionReviewRoutes.getServerTime),
        transformResponse: (response: { data: ServerTime }) => response.data.server_time_ms,
        keepUnusedDataFor: 0,
        // A failed round is only a missing sample: never a toast.
        extraOptions: { silent: true },
      }),
      markAttendance: build.mutation<AttendanceAnswer, AttendanceProof>({
        query: (proof) =>
          contractRequest(sessionRoutes.markAttendanceForStudent, { body: attendanceForm(proof) }),
        transformResponse: (response: CodedEnvelope<boolean>) => ({
          data: response.data,
          code: response.code,
        }),
        invalidatesTags: ['StudentTimetable'],
      }),
      requestManualMarking: build.mutation<AttendanceAnswer, { lectureSlug: string; comment: string }>({
        query: ({ lectureSlug, comment }) =>
          contractRequest(sessionRoutes.markForRegulization, {
            body: { lecture_slug: lectureSlug, regulization_commet: comment },
          }),
        transformResponse: (response: CodedEnvelope<boolean>) => ({
          data: response.data,
          code: response.code,
        }),
      }),
    }),
  });

export const {
  useGetStudentTimetableQuery,
  useLazyGetServerTimeQuery,
  useMarkAttendanceMutation,
  useRequestManualMarkingMutation,
} = studentAttendanceApi;
