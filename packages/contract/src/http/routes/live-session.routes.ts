import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import { AttendanceRecordSchema, EndedSessionSchema } from '../../schemas/sessions';
import {
  AttendanceUpdatedSchema,
  EndSessionBodySchema,
  RegulizationRequestEntryBodySchema,
  SessionSseQuerySchema,
  UpdateAttendanceBodySchema,
} from '../../schemas/live-sse';
import { defineRoute } from '../route';

/**
 * The slow-network path of the live session (contract §13, "Slow-network fallback"): the session
 * followed over Server-Sent Events, the teacher's actions over HTTP instead of the socket.
 */
export const liveSessionRoutes = {
  sessionSseView: defineRoute({
    id: 'liveSession.sessionSseView',
    method: 'GET',
    path: '/manage/session/session_sse_view',
    // EventSource sends no header: the access token is in the query, checked by the handler.
    auth: 'none',
    roles: [],
    bodyKind: 'none',
    query: SessionSseQuerySchema,
    response: z.string(),
    responseKind: 'text',
    summary: "The teacher's live session as Server-Sent Events (text/event-stream), token in the query",
    description:
      'Each message is JSON {status_code, type, data}: first ongoing_session_data, then attendance_marked, ' +
      'update_attendace, regulization_request and handleRegulizationApprovedEvent as they happen; a ' +
      'non-200 message (session_ended, 409) ends the stream. Comment lines keep it open through proxies. ' +
      'Refusals before the stream starts are ordinary JSON errors: 401 (token), 403 (not the teacher), ' +
      '404 (no such session in your institution), 409 (not live).',
    section: '13',
  }),
  updateAttendance: defineRoute({
    id: 'liveSession.updateAttendance',
    method: 'POST',
    path: '/manage/session/update_attendance/',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    body: UpdateAttendanceBodySchema,
    response: envelopeSchema(AttendanceUpdatedSchema),
    responseKind: 'envelope',
    summary: "Sets a student's presence in a live session (the socket's update_attendance over HTTP)",
    description: '200 only when the stored value changed; 409 when it already had that value.',
    section: '13',
  }),
  regulizationRequestEntry: defineRoute({
    id: 'liveSession.regulizationRequestEntry',
    method: 'POST',
    path: '/manage/session/regulization_request_entry/',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    body: RegulizationRequestEntryBodySchema,
    response: envelopeSchema(z.array(AttendanceRecordSchema)),
    responseKind: 'envelope',
    summary: 'Approves pending manual requests of a live session; answers the approved rows',
    description: '409 when nothing was approved (already approved, no longer pending, session not live).',
    section: '13',
  }),
  endSession: defineRoute({
    id: 'liveSession.endSession',
    method: 'POST',
    path: '/manage/session/end_session/',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    body: EndSessionBodySchema,
    response: envelopeSchema(EndedSessionSchema),
    responseKind: 'envelope',
    summary: 'Ends a live session; answers its final attendance (every student of the lecture)',
    section: '13',
  }),
} as const;
