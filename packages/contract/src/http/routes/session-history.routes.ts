import { envelopeSchema } from '../../envelope';
import { ExcelFileSchema, slugParams } from '../../schemas/common';
import {
  CorrectMarkBodySchema,
  CorrectionTrailSchema,
  HistoryMetadataSchema,
  HistoryPagingSchema,
  SessionDataSchema,
  SessionSheetSchema,
  SessionStudentParamsSchema,
  SessionsOfTeacherBodySchema,
  SessionsOfTeacherSchema,
  SheetRowSchema,
} from '../../schemas/session-history';
import { defineRoute } from '../route';

/**
 * The teacher's session history as the later client calls it (contract §13, "Lecture session
 * history" and "Attendance History on ended cards"): exact paths, no trailing slashes.
 */
export const sessionHistoryRoutes = {
  getHistoryMetadata: defineRoute({
    id: 'sessionHistory.getHistoryMetadata',
    method: 'GET',
    path: '/manage/session/get_history_metadata',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    response: envelopeSchema(HistoryMetadataSchema),
    responseKind: 'envelope',
    summary:
      "The history filters' choices: the branches, semesters, divisions and subjects of the caller's sessions",
    section: '13',
  }),
  getSessionsOfTeacher: defineRoute({
    id: 'sessionHistory.getSessionsOfTeacher',
    method: 'POST',
    path: '/manage/session/get_sessions_of_teacher',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    query: HistoryPagingSchema,
    body: SessionsOfTeacherBodySchema,
    response: envelopeSchema(SessionsOfTeacherSchema),
    responseKind: 'envelope',
    summary: "One page of the caller's held sessions, newest first, filtered by the body",
    description:
      'page and page_size are read from the query string, or from the body when the query has none ' +
      '(the later client drops the query of its POST wrapper). Filters: lists of subject, semester, ' +
      'branch and division slugs, and a date range (inclusive); an empty list or null is no filter.',
    section: '13',
  }),
  getSessionData: defineRoute({
    id: 'sessionHistory.getSessionData',
    method: 'GET',
    path: '/manage/session/get_session_data/{session_id}',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    params: slugParams('session_id'),
    response: envelopeSchema(SessionDataSchema),
    responseKind: 'envelope',
    summary: "The final attendance of one of the caller's sessions: every expected student",
    section: '13',
  }),
} as const;

/**
 * Rollbook's calls around a past session: its attendance sheet with the correction state, the
 * correction itself and its trail, and the sheet as a spreadsheet. The lecture's teacher (inside the
 * institution's correction window) and the branch's admins (no limit) may correct.
 */
export const sessionRecordRoutes = {
  getBranchHistoryFilters: defineRoute({
    id: 'sessionRecord.getBranchHistoryFilters',
    method: 'GET',
    path: '/attendance/sessions/filters',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(HistoryMetadataSchema),
    responseKind: 'envelope',
    summary: "The history filters' choices for an admin: what the held sessions of their branches touch",
    section: 'Rollbook',
  }),
  searchBranchSessions: defineRoute({
    id: 'sessionRecord.searchBranchSessions',
    method: 'POST',
    path: '/attendance/sessions/search',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    query: HistoryPagingSchema,
    body: SessionsOfTeacherBodySchema,
    response: envelopeSchema(SessionsOfTeacherSchema),
    responseKind: 'envelope',
    summary: "One page of the held sessions of the admin's branches (every teacher), newest first",
    description:
      'The filters and paging of get_sessions_of_teacher (§13), over every lecture of the branches the ' +
      'admin administers; each result names its teacher.',
    section: 'Rollbook',
  }),
  getSessionSheet: defineRoute({
    id: 'sessionRecord.getSessionSheet',
    method: 'GET',
    path: '/attendance/sessions/{session_id}/sheet',
    auth: 'bearer',
    roles: ['teacher', 'admin'],
    bodyKind: 'none',
    params: slugParams('session_id'),
    response: envelopeSchema(SessionSheetSchema),
    responseKind: 'envelope',
    summary: "A held session's attendance sheet: every expected student's mark, corrected rows flagged",
    section: 'Rollbook',
  }),
  correctMark: defineRoute({
    id: 'sessionRecord.correctMark',
    method: 'POST',
    path: '/attendance/sessions/{session_id}/corrections',
    auth: 'bearer',
    roles: ['teacher', 'admin'],
    bodyKind: 'json',
    params: slugParams('session_id'),
    body: CorrectMarkBodySchema,
    response: envelopeSchema(SheetRowSchema),
    responseKind: 'envelope',
    summary: "Correct one student's mark (present, absent or excused) with a reason; audited",
    description:
      "The lecture's teacher may correct within the institution's correction window (days after the " +
      "session's day); the branch's admins at any time. A student with no mark yet gets one. Every " +
      'change is kept in the trail and the audit log, and the student is notified.',
    section: 'Rollbook',
  }),
  getCorrectionTrail: defineRoute({
    id: 'sessionRecord.getCorrectionTrail',
    method: 'GET',
    path: '/attendance/sessions/{session_id}/students/{student_slug}/corrections',
    auth: 'bearer',
    roles: ['teacher', 'admin'],
    bodyKind: 'none',
    params: SessionStudentParamsSchema,
    response: envelopeSchema(CorrectionTrailSchema),
    responseKind: 'envelope',
    summary: "Every correction of one student's mark in a session, oldest first",
    section: 'Rollbook',
  }),
  getSessionWorkbook: defineRoute({
    id: 'sessionRecord.getSessionWorkbook',
    method: 'GET',
    path: '/attendance/sessions/{session_id}/workbook',
    auth: 'bearer',
    roles: ['teacher', 'admin'],
    bodyKind: 'none',
    params: slugParams('session_id'),
    response: envelopeSchema(ExcelFileSchema),
    responseKind: 'envelope',
    summary: "A session's final attendance as a base64 .xlsx ({file_content, file_name})",
    description:
      'The spreadsheet the later client expects from the export (§13); §6.9 keeps answering CSV for ' +
      'the original client.',
    section: 'Rollbook',
  }),
} as const;
