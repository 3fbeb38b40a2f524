import { z } from 'zod';
import { codedEnvelopeSchema, envelopeSchema } from '../../envelope';
import { slugParams } from '../../schemas/common';
import { ATTENDANCE_AUDIO_FIELD } from '../../constants';
import {
  ClassroomAllocationQuerySchema,
  ClassroomAllocationSchema,
  CreateLectureSessionFieldsSchema,
  CreatedSessionSchema,
  MarkAttendanceFieldsSchema,
  MarkForRegulizationBodySchema,
  SetClassroomDynamicBodySchema,
} from '../../schemas/sessions';
import { TeacherTimetableBranchSchema } from '../../schemas/timetable';
import { defineRoute } from '../route';

/** Lecture sessions and attendance marking (contract §6.2, 6.3, 6.6-6.9). */
export const sessionRoutes = {
  markAttendanceForStudent: defineRoute({
    id: 'sessions.markAttendanceForStudent',
    method: 'POST',
    path: '/manage/session/mark_attendance_for_student/',
    auth: 'bearer',
    roles: ['student'],
    bodyKind: 'multipart',
    body: MarkAttendanceFieldsSchema,
    files: [ATTENDANCE_AUDIO_FIELD],
    response: codedEnvelopeSchema(z.boolean()),
    responseKind: 'envelope',
    summary: 'Mark attendance with location and a 5-second recording; code 100 when marked',
    section: '6.2',
  }),
  markForRegulization: defineRoute({
    id: 'sessions.markForRegulization',
    method: 'POST',
    path: '/manage/session/mark_for_regulization/',
    auth: 'bearer',
    roles: ['student'],
    bodyKind: 'json',
    body: MarkForRegulizationBodySchema,
    response: codedEnvelopeSchema(z.boolean()),
    responseKind: 'envelope',
    summary: 'Ask the teacher to mark attendance manually; code 100 when the request is filed',
    section: '6.3',
  }),
  getClassroomAllocations: defineRoute({
    id: 'sessions.getClassroomAllocations',
    method: 'GET',
    path: '/manage/session/get_classroom_allocations',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    query: ClassroomAllocationQuerySchema,
    response: envelopeSchema(ClassroomAllocationSchema),
    responseKind: 'envelope',
    summary: 'Another lecture already in the chosen classroom at that time, if any',
    section: '6.6',
  }),
  setClassroomDynamic: defineRoute({
    id: 'sessions.setClassroomDynamic',
    method: 'POST',
    path: '/manage/session/set_classroom_dynamic/',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    body: SetClassroomDynamicBodySchema,
    response: envelopeSchema(z.array(TeacherTimetableBranchSchema)),
    responseKind: 'envelope',
    summary: "Change the classroom of today's session; answers the teacher timetable",
    section: '6.7',
  }),
  createLectureSession: defineRoute({
    id: 'sessions.createLectureSession',
    method: 'POST',
    path: '/manage/session/create_lecture_session/',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'multipart',
    body: CreateLectureSessionFieldsSchema,
    response: envelopeSchema(CreatedSessionSchema),
    responseKind: 'envelope',
    summary:
      'Start (pre -> ongoing) or join a lecture session; answers the tone path and the updated lecture',
    section: '6.8',
  }),
  getSessionDataForExport: defineRoute({
    id: 'sessions.getSessionDataForExport',
    method: 'GET',
    path: '/manage/session/get_session_data_for_export/{session_id}',
    auth: 'bearer',
    roles: ['teacher', 'admin'],
    bodyKind: 'none',
    params: slugParams('session_id'),
    response: z.string(),
    responseKind: 'csv',
    summary: "A session's attendance as raw text/csv",
    description:
      'Columns: enrollment, name, present (yes/no), manual, marking_time (the institution time zone), ncc, ' +
      'magnitude, similarity, euclidean_distance, gps_distance, manual_request_comment, status (present, ' +
      'absent or excused) and excuse (the kind of an excused absence, else empty). One row per expected ' +
      'student of a started session; a student never marked is absent.',
    section: '6.9',
  }),
} as const;
