import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import { CreatedSessionSchema } from '../../schemas/sessions';
import {
  CreateInstantLectureBodySchema,
  CreateInstantLectureSessionFieldsSchema,
  InstantLectureMetadataQuerySchema,
  InstantLectureMetadataSchema,
  InstantLectureStudentSchema,
  InstantLectureTeacherSchema,
} from '../../schemas/instant-lectures';
import { defineRoute } from '../route';

/** Instant (extra) lectures, contract §13: the later client's exact calls. */
export const instantLectureRoutes = {
  getInstantLectureMetadata: defineRoute({
    id: 'instant.getInstantLectureMetadata',
    method: 'GET',
    path: '/manage/get_instant_lecture_metadata',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    query: InstantLectureMetadataQuerySchema,
    response: envelopeSchema(InstantLectureMetadataSchema),
    responseKind: 'envelope',
    summary:
      "The pickers of a new instant lecture: the teacher's branches, a branch's semesters, a semester's divisions and subjects, a division's batches",
    section: '13',
  }),
  getInstantLecturesForTeacher: defineRoute({
    id: 'instant.getInstantLecturesForTeacher',
    method: 'GET',
    path: '/manage/get_instant_lectures_for_teacher',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(InstantLectureTeacherSchema)),
    responseKind: 'envelope',
    summary: "The caller's recent instant lectures, newest first, each with its session",
    section: '13',
  }),
  createInstantLecture: defineRoute({
    id: 'instant.createInstantLecture',
    method: 'POST',
    path: '/manage/create_instant_lecture',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    body: CreateInstantLectureBodySchema,
    response: envelopeSchema(InstantLectureTeacherSchema),
    responseKind: 'envelope',
    summary: 'Create an instant lecture for today for divisions or batches of one semester',
    section: '13',
  }),
  createInstantLectureSession: defineRoute({
    id: 'instant.createInstantLectureSession',
    method: 'POST',
    path: '/manage/session/create_instant_lecture_session/',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'multipart',
    body: CreateInstantLectureSessionFieldsSchema,
    response: envelopeSchema(CreatedSessionSchema),
    responseKind: 'envelope',
    summary: "Start (pre -> ongoing) or join an instant lecture's session, like create_lecture_session/",
    section: '13',
  }),
  getInstantLecturesForStudent: defineRoute({
    id: 'instant.getInstantLecturesForStudent',
    method: 'GET',
    path: '/manage/get_instant_lectures_for_student',
    auth: 'bearer',
    roles: ['student'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(InstantLectureStudentSchema)),
    responseKind: 'envelope',
    summary: "Today's instant lectures the calling student is expected at",
    section: '13',
  }),
} as const;
