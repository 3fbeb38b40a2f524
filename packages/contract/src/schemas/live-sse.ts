import { z } from 'zod';
import { SessionToneMessageSchema } from '../socket/events';
import { AttendanceRecordSchema, EndedSessionSchema, OngoingSessionSchema } from './sessions';

/**
 * The slow-network path of contract §13: a teacher whose link is too slow to stream audio follows
 * the live session over Server-Sent Events (`session_sse_view`) and acts over plain HTTP calls.
 * Every SSE message is one JSON object `{status_code, type, data}`; a non-200 status ends the
 * stream (the later client aborts on it).
 */

const requiredText = (field: string) =>
  z.string({ error: `${field} is required` }).min(1, { error: `${field} is required` });

/** `GET /manage/session/session_sse_view?session_id&access_token` (EventSource carries no header). */
export const SessionSseQuerySchema = z.object({
  session_id: requiredText('session_id'),
  access_token: requiredText('access_token'),
  /**
   * Our web app only, like the socket's `refused_attempts`: also stream marking attempts the
   * presence check refused. The later client never sends it and gets successful marks only.
   */
  refused_attempts: z.enum(['0', '1']).optional(),
  /** Our web app only, like the socket's `live_tone`: send the session's tone key on this stream. */
  live_tone: z.enum(['0', '1']).optional(),
});
export type SessionSseQuery = z.infer<typeof SessionSseQuerySchema>;

/** `POST /manage/session/update_attendance/`: the teacher's P/A decision over HTTP. */
export const UpdateAttendanceBodySchema = z.object({
  session_id: requiredText('session_id'),
  attendance_slug: requiredText('attendance_slug'),
  action: z.boolean({ error: 'action must be true or false' }),
});
export type UpdateAttendanceBody = z.infer<typeof UpdateAttendanceBodySchema>;

/** What `update_attendance/` answers: the same fields as the socket's `update_attendance` INNER. */
export const AttendanceUpdatedSchema = z.object({
  session_id: z.string(),
  attendance_slug: z.string(),
  message: z.string(),
});
export type AttendanceUpdated = z.infer<typeof AttendanceUpdatedSchema>;

/** `POST /manage/session/regulization_request_entry/`: approve these pending manual requests. */
export const RegulizationRequestEntryBodySchema = z.object({
  session_id: requiredText('session_id'),
  data: z
    .array(z.string().min(1), { error: 'data must be a list of attendance slugs' })
    .min(1, { error: 'data must name at least one request' }),
});
export type RegulizationRequestEntryBody = z.infer<typeof RegulizationRequestEntryBodySchema>;

/** `POST /manage/session/end_session/`. */
export const EndSessionBodySchema = z.object({ session_id: requiredText('session_id') });
export type EndSessionBody = z.infer<typeof EndSessionBodySchema>;

/** The SSE message types of §13, spelled as the later client reads them (sic). */
export const SSE_TYPES = {
  ongoingSessionData: 'ongoing_session_data',
  attendanceMarked: 'attendance_marked',
  attendanceUpdated: 'update_attendace',
  regulizationRequest: 'regulization_request',
  regulizationApproved: 'handleRegulizationApprovedEvent',
  /** Rollbook's: the session ended (status 409, which the later client aborts on). */
  sessionEnded: 'session_ended',
  /** Rollbook's, only with `live_tone=1`: the session's tone key (like the socket's `session_tone`). */
  sessionTone: 'session_tone',
} as const;

const sseMessage = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ status_code: z.number().int(), type: z.literal(type), data });

export const SseOngoingSessionSchema = sseMessage(SSE_TYPES.ongoingSessionData, OngoingSessionSchema);
export const SseAttendanceMarkedSchema = sseMessage(
  SSE_TYPES.attendanceMarked,
  z.object({ attendance_data: AttendanceRecordSchema }),
);
/** `update_attendace` (sic): the attendance slug whose presence the teacher changed. */
export const SseAttendanceUpdatedSchema = sseMessage(SSE_TYPES.attendanceUpdated, z.string());
export const SseRegulizationRequestSchema = sseMessage(
  SSE_TYPES.regulizationRequest,
  z.object({ attendance_data: AttendanceRecordSchema }),
);
export const SseRegulizationApprovedSchema = sseMessage(
  SSE_TYPES.regulizationApproved,
  z.array(AttendanceRecordSchema),
);
export const SseSessionEndedSchema = sseMessage(SSE_TYPES.sessionEnded, EndedSessionSchema);
export const SseSessionToneSchema = sseMessage(SSE_TYPES.sessionTone, SessionToneMessageSchema);

/** Any message of the session stream. */
export type SseMessage =
  | z.infer<typeof SseOngoingSessionSchema>
  | z.infer<typeof SseAttendanceMarkedSchema>
  | z.infer<typeof SseAttendanceUpdatedSchema>
  | z.infer<typeof SseRegulizationRequestSchema>
  | z.infer<typeof SseRegulizationApprovedSchema>
  | z.infer<typeof SseSessionEndedSchema>
  | z.infer<typeof SseSessionToneSchema>;
