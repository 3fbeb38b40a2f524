import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import { bytesSchema, slugParams } from '../../schemas/common';
import {
  ClassroomSchema,
  DivisionTimetableSchema,
  StudentTimetableEntrySchema,
  TeacherTimetableBranchSchema,
  TeacherTimetableDaySchema,
  TimetableUploadReportSchema,
  WeekDaySchema,
} from '../../schemas/timetable';
import { defineRoute } from '../route';

/** The multipart field name of the master timetable file: literally `master_tt.csv` (§10.8). */
export const MASTER_TIMETABLE_FILE_FIELD = 'master_tt.csv';

/** Timetables and classrooms (contract §6.1, 6.4, 6.5, 10.7, 10.8). */
export const timetableRoutes = {
  getTimetableForStudent: defineRoute({
    id: 'timetable.getTimetableForStudent',
    method: 'GET',
    path: '/manage/get_timetable_for_student',
    auth: 'bearer',
    roles: ['student'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(StudentTimetableEntrySchema)),
    responseKind: 'envelope',
    summary: "Today's lectures of the caller's batches, with session and attendance state",
    section: '6.1',
  }),
  getTimetableForTeacher: defineRoute({
    id: 'timetable.getTimetableForTeacher',
    method: 'GET',
    path: '/manage/get_timetable_for_teacher/{day}',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    params: z.object({ day: TeacherTimetableDaySchema }),
    response: envelopeSchema(z.array(TeacherTimetableBranchSchema)).extend({ day: WeekDaySchema }),
    responseKind: 'envelope',
    summary:
      "The caller's lectures of a weekday of the current week (every lecture with its session); top-level day",
    section: '6.4',
  }),
  getClassroomsForTeacher: defineRoute({
    id: 'timetable.getClassroomsForTeacher',
    method: 'GET',
    path: '/manage/get_classrooms_for_teacher',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(ClassroomSchema)),
    responseKind: 'envelope',
    summary: "Classrooms of the caller's branches",
    section: '6.5',
  }),
  getTimetable: defineRoute({
    id: 'timetable.getTimetable',
    method: 'GET',
    path: '/manage/get_timetable/{division_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('division_slug'),
    response: envelopeSchema(DivisionTimetableSchema),
    responseKind: 'envelope',
    summary: 'Weekly master timetable of a division',
    section: '10.7',
  }),
  uploadMasterTimetable: defineRoute({
    id: 'timetable.uploadMasterTimetable',
    method: 'POST',
    path: '/manage/upload_master_timetable/',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'multipart',
    files: [MASTER_TIMETABLE_FILE_FIELD],
    response: envelopeSchema(TimetableUploadReportSchema),
    responseKind: 'envelope',
    summary: 'Import a master timetable (.csv or .xlsx) from the multipart field named master_tt.csv',
    section: '10.8',
  }),
} as const;

/**
 * Rollbook additions outside the original contract (so not in ROUTES_TABLE): the sample master
 * timetables the upload form offers, each as the shipped CSV and as an .xlsx with the same cells.
 */
export const timetableExtensionRoutes = {
  getSampleNames: defineRoute({
    id: 'timetable.getSampleNames',
    method: 'GET',
    path: '/timetable/samples',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(z.string())),
    responseKind: 'envelope',
    summary: 'Names of the sample master timetables (admin)',
    section: 'Rollbook',
  }),
  getSampleFile: defineRoute({
    id: 'timetable.getSampleFile',
    method: 'GET',
    path: '/timetable/samples/{name}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: z.object({ name: z.string().max(80) }),
    response: bytesSchema('a sample file'),
    responseKind: 'binary',
    summary: 'Download a sample master timetable (.csv or .xlsx) matching the demo institution (admin)',
    section: 'Rollbook',
  }),
} as const;
