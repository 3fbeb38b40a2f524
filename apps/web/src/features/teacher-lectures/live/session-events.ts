import {
  ClientErrorMessageSchema,
  MarkAttendanceMessageSchema,
  OngoingSessionDataMessageSchema,
  RegulizationApprovedMessageSchema,
  RegulizationRequestMessageSchema,
  SessionEndedMessageSchema,
  SessionToneMessageSchema,
  SseAttendanceMarkedSchema,
  SseAttendanceUpdatedSchema,
  SseOngoingSessionSchema,
  SseRegulizationApprovedSchema,
  SseRegulizationRequestSchema,
  SseSessionEndedSchema,
  SseSessionToneSchema,
  SSE_TYPES,
  ToneLevelMessageSchema,
  UpdateAttendanceMessageSchema,
  type AttendanceRecord,
  type EndedSession,
  type OngoingSession,
  type ToneLevelMessage,
} from '@rollbook/contract';
import type { LiveToneKey } from './live-tone';
import type { z } from 'zod';

/**
 * Readers of the server's live events (contract §8.3). Each one validates the whole message with
 * the contract's schema and returns what the client reads at the exact nesting depth the bridge
 * uses, or an error sentence when the message does not have that shape.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

function read<S extends z.ZodType, T>(
  schema: S,
  event: string,
  message: unknown,
  pick: (m: z.infer<S>) => T,
): Read<T> {
  const parsed = schema.safeParse(message);
  if (!parsed.success) return { ok: false, error: `The server sent an unreadable ${event} message` };
  return { ok: true, value: pick(parsed.data) };
}

/** `ongoing_session_data`: the live state at `msg.data.data.data`. */
export function readOngoingSession(message: unknown): Read<OngoingSession> {
  return read(OngoingSessionDataMessageSchema, 'ongoing_session_data', message, (m) => m.data.data.data);
}

/** `mark_attendance`: the new row at `msg.data.data.attendance_data`. */
export function readMarkedAttendance(message: unknown): Read<AttendanceRecord> {
  return read(MarkAttendanceMessageSchema, 'mark_attendance', message, (m) => m.data.data.attendance_data);
}

/** The answer to the teacher's P/A toggle. */
export interface AttendanceUpdate {
  applied: boolean;
  attendanceSlug: string;
  message: string;
}

/** `update_attendance`: only the top-level `status_code`, `attendance_slug` and `message` count. */
export function readAttendanceUpdate(message: unknown): Read<AttendanceUpdate> {
  return read(UpdateAttendanceMessageSchema, 'update_attendance', message, (m) => ({
    applied: m.status_code === 200,
    attendanceSlug: m.attendance_slug,
    message: m.message,
  }));
}

/** `regulization_request`: the waiting request at `msg.data.data.data.attendance_data`. */
export function readManualRequest(message: unknown): Read<AttendanceRecord> {
  return read(
    RegulizationRequestMessageSchema,
    'regulization_request',
    message,
    (m) => m.data.data.data.attendance_data,
  );
}

/** `regulization_approved`: the approved rows, the array at `msg.data.data.data`. */
export function readApprovedRequests(message: unknown): Read<AttendanceRecord[]> {
  return read(RegulizationApprovedMessageSchema, 'regulization_approved', message, (m) => m.data.data.data);
}

/** `session_ended`: the final state at `msg.data.data.data`. */
export function readEndedSession(message: unknown): Read<EndedSession> {
  return read(SessionEndedMessageSchema, 'session_ended', message, (m) => m.data.data.data);
}

/** `client_error` (flat, not enveloped): the toast text "`{status_code} - {data}`". */
export function clientErrorText(message: unknown): string {
  const parsed = ClientErrorMessageSchema.safeParse(message);
  if (parsed.success) return `${parsed.data.status_code} - ${parsed.data.data}`;
  return 'The live connection reported an error';
}

/** `session_tone` (ours): the secret key, schedule and epoch the sheet plays live. */
export function readSessionTone(message: unknown): Read<LiveToneKey> {
  return read(SessionToneMessageSchema, 'session_tone', message, (m) => ({
    keyHex: m.key_hex,
    config: m.config,
    epochMs: m.epoch_ms,
  }));
}

/** `tone_level` (ours): whether the teacher's own microphone hears the tone at session start. */
export function readToneLevel(message: unknown): Read<ToneLevelMessage> {
  return read(ToneLevelMessageSchema, 'tone_level', message, (m) => m);
}

/** One message of the slow-network event stream (contract §13), as the sheet acts on it. */
export type SseEvent =
  | { kind: 'ongoing'; session: OngoingSession }
  | { kind: 'marked'; record: AttendanceRecord }
  | { kind: 'toggled'; attendanceSlug: string }
  | { kind: 'request'; record: AttendanceRecord }
  | { kind: 'approved'; records: AttendanceRecord[] }
  | { kind: 'ended'; session: EndedSession }
  | { kind: 'tone'; key: LiveToneKey }
  /** A non-200 message the sheet does not know: the stream ends on it (the later client aborts). */
  | { kind: 'failed'; text: string };

const SSE_READERS: Record<string, (message: unknown) => Read<SseEvent>> = {
  [SSE_TYPES.ongoingSessionData]: (m) =>
    read(SseOngoingSessionSchema, SSE_TYPES.ongoingSessionData, m, (v) => ({
      kind: 'ongoing',
      session: v.data,
    })),
  [SSE_TYPES.attendanceMarked]: (m) =>
    read(SseAttendanceMarkedSchema, SSE_TYPES.attendanceMarked, m, (v) => ({
      kind: 'marked',
      record: v.data.attendance_data,
    })),
  [SSE_TYPES.attendanceUpdated]: (m) =>
    read(SseAttendanceUpdatedSchema, SSE_TYPES.attendanceUpdated, m, (v) => ({
      kind: 'toggled',
      attendanceSlug: v.data,
    })),
  [SSE_TYPES.regulizationRequest]: (m) =>
    read(SseRegulizationRequestSchema, SSE_TYPES.regulizationRequest, m, (v) => ({
      kind: 'request',
      record: v.data.attendance_data,
    })),
  [SSE_TYPES.regulizationApproved]: (m) =>
    read(SseRegulizationApprovedSchema, SSE_TYPES.regulizationApproved, m, (v) => ({
      kind: 'approved',
      records: v.data,
    })),
  [SSE_TYPES.sessionEnded]: (m) =>
    read(SseSessionEndedSchema, SSE_TYPES.sessionEnded, m, (v) => ({ kind: 'ended', session: v.data })),
  [SSE_TYPES.sessionTone]: (m) =>
    read(SseSessionToneSchema, SSE_TYPES.sessionTone, m, (v) => ({
      kind: 'tone',
      key: { keyHex: v.data.key_hex, config: v.data.config, epochMs: v.data.epoch_ms },
    })),
};

/** A message of the event stream; unknown 200 messages are left alone (null), unknown failures end it. */
export function readSseMessage(message: unknown): Read<SseEvent> | null {
  const head = (typeof message === 'object' && message !== null ? message : {}) as {
    type?: unknown;
    status_code?: unknown;
    data?: unknown;
  };
  const reader = typeof head.type === 'string' ? SSE_READERS[head.type] : undefined;
  if (reader) return reader(message);
  if (head.status_code === 200) return null;
  const text = typeof head.data === 'string' ? head.data : 'The live session stream stopped';
  return { ok: true, value: { kind: 'failed', text: `${String(head.status_code)} - ${text}` } };
}
