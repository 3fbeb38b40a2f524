import {
  ATTENDANCE_AUDIO_FIELD,
  type AttendancePrivacy,
  type InstantLectureStudent,
  type ChallengeAnswer,
  type CodedEnvelope,
  type IssuedChallenge,
  type ServerTime,
  type StudentTimetableEntry,
} from '@rollbook/contract';
import {
  attendancePrivacyRoutes,
  sessionReviewRoutes,
  sessionRoutes,
  instantLectureRoutes,
  timetableRoutes,
} from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';

/**
 * A proof of presence ready to upload (contract §6.2), for today's session of a timetable lecture
 * (`lectureSlug`) or for a session named by its id (`sessionId`: instant lectures, §13).
 */
export interface AttendanceProof {
  lectureSlug: string;
  sessionId?: string;
  latitude: number;
  longitude: number;
  /** The WAV bytes, uploaded as `recording.wav`. */
  wav: Uint8Array<ArrayBuffer>;
  /** ms epoch of the recording's first sample: server time when `clockOffsetMs` is known. */
  startTime: number;
  /** The device's measured offset to the server's clock (Rollbook's own field), if measured. */
  clockOffsetMs?: number | undefined;
  /** The two-way challenge the phone played while recording (Rollbook's own field), if any. */
  challengeAttempt?: string | undefined;
  /** Names this upload: sent again after a lost answer, the server answers its first verdict. */
  idempotencyKey?: string;
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
  if (proof.sessionId !== undefined) form.append('session_id', proof.sessionId);
  else form.append('lecture_slug', proof.lectureSlug);
  form.append(ATTENDANCE_AUDIO_FIELD, new File([proof.wav], 'recording.wav', { type: 'audio/wav' }));
  form.append('start_time', String(Math.round(proof.startTime)));
  if (proof.clockOffsetMs !== undefined)
    form.append('clock_offset_ms', String(Math.round(proof.clockOffsetMs)));
  if (proof.challengeAttempt !== undefined) form.append('challenge_attempt', proof.challengeAttempt);
  return form;
}

/** The student's timetable and the two marking calls (contract §6.1-§6.3). */
export const studentAttendanceApi = api
  .enhanceEndpoints({ addTagTypes: ['StudentTimetable', 'StudentInstantLectures'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStudentTimetable: build.query<StudentTimetableEntry[], void>({
        query: () => contractRequest(timetableRoutes.getTimetableForStudent),
        transformResponse: (response: { data: StudentTimetableEntry[] }) => response.data,
        providesTags: ['StudentTimetable'],
      }),
      /** Today's instant lectures the student is expected at (§13). */
      getInstantLecturesForStudent: build.query<InstantLectureStudent[], void>({
        query: () => contractRequest(instantLectureRoutes.getInstantLecturesForStudent),
        transformResponse: (response: { data: InstantLectureStudent[] }) => response.data,
        providesTags: ['StudentInstantLectures'],
      }),
      // Never cached: each call is one round trip of a clock measurement.
      getServerTime: build.query<number, void>({
        query: () => contractRequest(sessionReviewRoutes.getServerTime),
        transformResponse: (response: { data: ServerTime }) => response.data.server_time_ms,
        keepUnusedDataFor: 0,
        // A failed round is only a missing sample: never a toast.
        extraOptions: { silent: true },
      }),
      /** The two-way check's challenge for the next attempt (null when the institution does not use it). */
      issueChallenge: build.mutation<IssuedChallenge | null, { lectureSlug: string; sessionId?: string }>({
        query: ({ lectureSlug, sessionId }) =>
          contractRequest(sessionReviewRoutes.issueChallenge, {
            body: sessionId !== undefined ? { session_id: sessionId } : { lecture_slug: lectureSlug },
          }),
        transformResponse: (response: { data: ChallengeAnswer }) => response.data.challenge,
      }),
      markAttendance: build.mutation<AttendanceAnswer, AttendanceProof>({
        query: (proof) => ({
          ...contractRequest(sessionRoutes.markAttendanceForStudent, { body: attendanceForm(proof) }),
          ...(proof.idempotencyKey ? { headers: { 'Idempotency-Key': proof.idempotencyKey } } : {}),
        }),
        // The marking hook retries lost connections and shows the last failure itself.
        extraOptions: { silent: true },
        transformResponse: (response: CodedEnvelope<boolean>) => ({
          data: response.data,
          code: response.code,
        }),
        invalidatesTags: ['StudentTimetable', 'StudentInstantLectures'],
      }),
      requestManualMarking: build.mutation<
        AttendanceAnswer,
        { lectureSlug: string; sessionId?: string; comment: string }
      >({
        query: ({ lectureSlug, sessionId, comment }) =>
          contractRequest(sessionRoutes.markForRegulization, {
            body: {
              ...(sessionId !== undefined ? { session_id: sessionId } : { lecture_slug: lectureSlug }),
              regulization_commet: comment,
            },
          }),
        transformResponse: (response: CodedEnvelope<boolean>) => ({
          data: response.data,
          code: response.code,
        }),
      }),
      /** How long recordings and exact positions are kept (Rollbook's own call). */
      getAttendancePrivacy: build.query<AttendancePrivacy, void>({
        query: () => contractRequest(attendancePrivacyRoutes.getPrivacy),
        transformResponse: (response: { data: AttendancePrivacy }) => response.data,
      }),
    }),
  });

/**
 * How often the student's lists are asked again while the page is in front: a session the teacher
 * starts or ends shows on the cards within this long, without a reload (see
 * docs/decisions/student-0001-session-state-on-cards.md for why polling, not a socket push).
 */
export const SESSION_STATE_POLL_MS = 10_000;

/** Query options of the student's lecture lists: polled while visible, fresh on return. */
export const FOLLOW_SESSIONS = {
  pollingInterval: SESSION_STATE_POLL_MS,
  skipPollingIfUnfocused: true,
  refetchOnFocus: true,
} as const;

export const {
  useGetStudentTimetableQuery,
  useMarkAttendanceMutation,
  useRequestManualMarkingMutation,
  useGetAttendancePrivacyQuery,
  useGetInstantLecturesForStudentQuery,
  useLazyGetServerTimeQuery,
  useIssueChallengeMutation,
} = studentAttendanceApi;
