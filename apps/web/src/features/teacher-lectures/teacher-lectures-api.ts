import {
  type AttendanceReview,
  type Classroom,
  type AttendanceRecord,
  type AttendanceUpdated,
  type ClassroomAllocation,
  type CreatedSession,
  type EndedSession,
  type ReviewDecision,
  type ServerTime,
  type SessionData,
  type TeacherTimetableBranch,
  type WeekDay,
} from '@rollbook/contract';
import {
  instantLectureRoutes,
  liveSessionRoutes,
  sessionHistoryRoutes,
  sessionReviewRoutes,
  sessionRoutes,
  timetableRoutes,
} from '@rollbook/contract/addresses';
import { api, contractRequest } from '../../lib/api/api';
import { attachmentFileName } from '../../lib/csv-download';
import { LECTURES_TEXT } from './lecture-text';

interface Listed<T> {
  data: T;
}

/** The teacher's lectures of one day and the weekday the server resolved (`current` → today). */
export interface TeacherDay {
  branches: TeacherTimetableBranch[];
  day: WeekDay;
}

/** What starting or joining needs: the lecture and the classroom currently chosen on its card. */
export interface StartSessionArgs {
  lectureSlug: string;
  classroomSlug: string;
}

/** A session's attendance export: the CSV text and the name to save it under. */
export interface SessionExport {
  text: string;
  fileName: string;
}

/** The classroom change of the "Edit classroom" dialog. */
export interface ClassroomChange {
  lectureSlug: string;
  classroomSlug: string;
  merge: boolean;
}

/**
 * The teacher dashboard calls (contract §6.4-§6.9). The day's timetable is refetched whenever a
 * session starts, ends or changes room, so every card's status and classroom come from the server.
 */
/** One review decision of the teacher. */
export interface ReviewResolution {
  sessionId: string;
  attendanceSlug: string;
  decision: ReviewDecision;
}

export const teacherLecturesApi = api
  .enhanceEndpoints({ addTagTypes: ['TeacherDay', 'InstantLectures', 'SessionReviews'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getTeacherDay: build.query<TeacherDay, WeekDay | 'current'>({
        query: (day) => contractRequest(timetableRoutes.getTimetableForTeacher, { params: { day } }),
        transformResponse: (response: Listed<TeacherTimetableBranch[]> & { day: WeekDay }) => ({
          branches: response.data,
          day: response.day,
        }),
        providesTags: ['TeacherDay'],
      }),
      getTeacherClassrooms: build.query<Classroom[], void>({
        query: () => contractRequest(timetableRoutes.getClassroomsForTeacher),
        transformResponse: (response: Listed<Classroom[]>) => response.data,
      }),
      getClassroomAllocation: build.query<
        ClassroomAllocation,
        { lectureSlug: string; classroomSlug: string }
      >({
        query: ({ lectureSlug, classroomSlug }) =>
          contractRequest(sessionRoutes.getClassroomAllocations, {
            query: { lecture_slug: lectureSlug, classroom_slug: classroomSlug },
          }),
        transformResponse: (response: Listed<ClassroomAllocation>) => response.data,
      }),
      setClassroomDynamic: build.mutation<TeacherTimetableBranch[], ClassroomChange>({
        query: ({ lectureSlug, classroomSlug, merge }) =>
          contractRequest(sessionRoutes.setClassroomDynamic, {
            body: { lecture_slug: lectureSlug, classroom_slug: classroomSlug, merge },
          }),
        transformResponse: (response: Listed<TeacherTimetableBranch[]>) => response.data,
        invalidatesTags: ['TeacherDay'],
      }),
      createLectureSession: build.mutation<CreatedSession, StartSessionArgs>({
        query: ({ lectureSlug, classroomSlug }) => {
          const form = new FormData();
          form.append('lecture_slug', lectureSlug);
          form.append('classroom_slug', classroomSlug);
          return contractRequest(sessionRoutes.createLectureSession, { body: form });
        },
        transformResponse: (response: Listed<CreatedSession>) => response.data,
        invalidatesTags: ['TeacherDay'],
      }),
      /** Starts or joins an instant lecture's session (§13), answered like `create_lecture_session/`. */
      createInstantLectureSession: build.mutation<CreatedSession, string>({
        query: (lectureSlug) => {
          const form = new FormData();
          form.append('lecture_slug', lectureSlug);
          return contractRequest(instantLectureRoutes.createInstantLectureSession, { body: form });
        },
        transformResponse: (response: Listed<CreatedSession>) => response.data,
        invalidatesTags: ['InstantLectures'],
      }),
      // The live sheet's actions on the slow-network path (contract §13), where no socket is open.
      updateLiveAttendance: build.mutation<
        AttendanceUpdated,
        { sessionId: string; attendanceSlug: string; present: boolean }
      >({
        query: ({ sessionId, attendanceSlug, present }) =>
          contractRequest(liveSessionRoutes.updateAttendance, {
            body: { session_id: sessionId, attendance_slug: attendanceSlug, action: present },
          }),
        transformResponse: (response: Listed<AttendanceUpdated>) => response.data,
      }),
      approveLiveRequests: build.mutation<
        AttendanceRecord[],
        { sessionId: string; attendanceSlugs: string[] }
      >({
        query: ({ sessionId, attendanceSlugs }) =>
          contractRequest(liveSessionRoutes.regulizationRequestEntry, {
            body: { session_id: sessionId, data: attendanceSlugs },
          }),
        transformResponse: (response: Listed<AttendanceRecord[]>) => response.data,
      }),
      endLiveSession: build.mutation<EndedSession, string>({
        query: (sessionId) =>
          contractRequest(liveSessionRoutes.endSession, { body: { session_id: sessionId } }),
        transformResponse: (response: Listed<EndedSession>) => response.data,
        invalidatesTags: ['TeacherDay', 'InstantLectures'],
      }),
      /**
       * Everyone expected at a live session, marked or not (§13 get_session_data): the sheet's "Not
       * marked" list, so the teacher can mark present a student who never marked. Asking also gives
       * a student who joined a batch since the start their row. Read afresh on every (re)join.
       */
      getLiveAudience: build.query<AttendanceRecord[], string>({
        query: (sessionId) =>
          contractRequest(sessionHistoryRoutes.getSessionData, { params: { session_id: sessionId } }),
        transformResponse: (response: Listed<SessionData>) => response.data.marked_attendances,
        keepUnusedDataFor: 0,
      }),
      // The teacher's review of marks the server could not judge (Rollbook's own calls).
      getSessionReviews: build.query<AttendanceReview[], string>({
        query: (sessionId) =>
          contractRequest(sessionReviewRoutes.listReviews, { params: { session_id: sessionId } }),
        transformResponse: (response: Listed<AttendanceReview[]>) => response.data,
        providesTags: ['SessionReviews'],
      }),
      /** The student's recording as an object URL for an <audio> element; the caller revokes it. */
      getReviewRecordingUrl: build.mutation<string, { sessionId: string; attendanceSlug: string }>({
        query: ({ sessionId, attendanceSlug }) => ({
          ...contractRequest(sessionReviewRoutes.getReviewRecording, {
            params: { session_id: sessionId, attendance_slug: attendanceSlug },
          }),
          // Audio when it succeeds; an error answer is the JSON envelope, read so its message is shown.
          responseHandler: async (response: Response) =>
            response.ok ? URL.createObjectURL(await response.blob()) : (response.json() as Promise<unknown>),
        }),
      }),
      resolveReview: build.mutation<AttendanceReview, ReviewResolution>({
        query: ({ sessionId, attendanceSlug, decision }) =>
          contractRequest(sessionReviewRoutes.resolveReview, {
            params: { session_id: sessionId, attendance_slug: attendanceSlug },
            body: { decision },
          }),
        transformResponse: (response: Listed<AttendanceReview>) => response.data,
        invalidatesTags: ['SessionReviews'],
      }),
      // One round trip of the live tone's clock measurement: never cached, never toasted.
      getTeacherServerTime: build.query<number, void>({
        query: () => contractRequest(sessionReviewRoutes.getServerTime),
        transformResponse: (response: { data: ServerTime }) => response.data.server_time_ms,
        keepUnusedDataFor: 0,
        extraOptions: { silent: true },
      }),
      exportSessionData: build.mutation<SessionExport, string>({
        query: (sessionId) => ({
          ...contractRequest(sessionRoutes.getSessionDataForExport, { params: { session_id: sessionId } }),
          // Text when it succeeds; an error answer is the JSON envelope, read so its message is shown.
          responseHandler: 'content-type',
        }),
        // The server names the file after the lecture and its date; the spec's name is the fallback.
        transformResponse: (text: string, meta) => ({
          text,
          fileName: attachmentFileName(
            meta?.response?.headers.get('content-disposition'),
            LECTURES_TEXT.exportName,
          ),
        }),
      }),
    }),
  });

export const {
  useGetTeacherDayQuery,
  useGetTeacherClassroomsQuery,
  useLazyGetClassroomAllocationQuery,
  useSetClassroomDynamicMutation,
  useCreateLectureSessionMutation,
  useCreateInstantLectureSessionMutation,
  useExportSessionDataMutation,
  useGetSessionReviewsQuery,
  useGetReviewRecordingUrlMutation,
  useResolveReviewMutation,
  useLazyGetTeacherServerTimeQuery,
  useLazyGetLiveAudienceQuery,
  useUpdateLiveAttendanceMutation,
  useApproveLiveRequestsMutation,
  useEndLiveSessionMutation,
} = teacherLecturesApi;
