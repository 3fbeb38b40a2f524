import { z } from 'zod';
import { AttendanceRecordSchema, EndedSessionSchema, OngoingSessionSchema } from '../schemas/sessions';
import { NotificationSchema } from '../schemas/notifications';
import { ToneScheduleConfigSchema } from '../schemas/session-review';

/** The socket.io namespace every client connects to (default engine path `/socket.io/`). */
export const SOCKET_NAMESPACE = '/client';

/** The `client` tag every message carries in both directions. */
export const SOCKET_CLIENT_TAG = 'FE';

/** What the server answers when a payload lacks its session id or token (§8.1). */
export const MISSING_SESSION_OR_TOKEN_MESSAGE = 'Please provide the session id and auth_token';

/**
 * A session id or raw access token in a socket payload; an empty or missing one is answered with
 * the bridge's fixed message so the client's `client_error` toast reads as before.
 */
const sessionIdField = z
  .string({ error: MISSING_SESSION_OR_TOKEN_MESSAGE })
  .min(1, { error: MISSING_SESSION_OR_TOKEN_MESSAGE });
const authTokenField = sessionIdField;

// ---- client -> server ------------------------------------------------------------------------

/** `socket_connection`: sent on every connect (including reconnects). */
export const SocketConnectionPayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG),
  session_id: sessionIdField,
  auth_token: authTokenField,
  isReConnect: z.boolean().optional(),
  /**
   * Our web app only: also push marking attempts the presence check refused (`mark_attendance`
   * with `is_present: false`) and list them in `ongoing_session_data`. The original client never
   * sends it and gets only what §6.2 pushes, successful marks: it prepends every pushed row, so a
   * refused attempt followed by a success or an approval would list the student twice.
   */
  refused_attempts: z.boolean().optional(),
  /**
   * Our web app only: this sheet plays the session tone live (Web Audio) from its secret key,
   * which the server then sends on this socket alone (`session_tone`). The original client never
   * sends it and loops the tone file.
   */
  live_tone: z.boolean().optional(),
});
export type SocketConnectionPayload = z.infer<typeof SocketConnectionPayloadSchema>;

/**
 * Binary socket.io attachment. Node receives a `Buffer` (a `Uint8Array`), browsers send an
 * `ArrayBuffer` or typed array; `Buffer` is deliberately not named so the web app needs no Node
 * types.
 */
export type BinaryChunk = Uint8Array | ArrayBuffer;
export const BinaryChunkSchema = z.custom<BinaryChunk>(
  (value) => value instanceof Uint8Array || value instanceof ArrayBuffer,
  {
    error: 'blob must be binary (raw 16-bit PCM)',
  },
);

/**
 * `incoming_audio_chunks`: one second of raw PCM s16le mono (no WAV header), so
 * `sampleRate = byteLength / 2`; an empty blob is a silence heartbeat. `timestamp` is ms epoch.
 */
export const IncomingAudioChunkPayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG),
  session_id: sessionIdField,
  auth_token: authTokenField,
  blob: BinaryChunkSchema,
  timestamp: z.number({ error: 'timestamp must be a number (ms epoch)' }).finite(),
});
export type IncomingAudioChunkPayload = z.infer<typeof IncomingAudioChunkPayloadSchema>;

/** `update_attendance`: the teacher's P/A toggle; `action` is the desired `is_present`. */
export const UpdateAttendancePayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG),
  attendance_slug: z
    .string({ error: 'attendance_slug is required' })
    .min(1, { error: 'attendance_slug is required' }),
  session_id: sessionIdField,
  auth_token: authTokenField,
  action: z.boolean({ error: 'action must be true or false' }),
});
export type UpdateAttendancePayload = z.infer<typeof UpdateAttendancePayloadSchema>;

/** `regulization_request` (client -> server): approve these pending manual requests. */
export const RegulizationRequestPayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG),
  session_id: sessionIdField,
  data: z.array(z.string().min(1), { error: 'data must be a list of attendance slugs' }),
  auth_token: authTokenField,
});
export type RegulizationRequestPayload = z.infer<typeof RegulizationRequestPayloadSchema>;

/** `session_ended` (client -> server): the teacher ends the session. */
export const SessionEndedPayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG),
  session_id: sessionIdField,
  auth_token: authTokenField,
});
export type SessionEndedPayload = z.infer<typeof SessionEndedPayloadSchema>;

/**
 * `tone_clock` (our web app only): how the teacher's device plays the live tone against server
 * time. Schedule second s sounds at server time `epoch_ms + 1000 s + offset_ms`, give or take
 * `tolerance_ms` (clock offset measured with round trips, the audio output latency). Sent after
 * `session_tone` and again every so often (the audio clock drifts from the wall clock).
 */
export const ToneClockPayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG),
  session_id: sessionIdField,
  auth_token: authTokenField,
  offset_ms: z.number().finite().min(-5000).max(5000),
  tolerance_ms: z.number().finite().min(0).max(5000),
});
export type ToneClockPayload = z.infer<typeof ToneClockPayloadSchema>;

/**
 * `network_too_slow` (contract §13): the teacher's link is too slow to stream audio, so the sheet
 * follows the session over Server-Sent Events; the server judges marks knowing why the teacher's
 * audio is absent. `false` says the link recovered. The later client sends no `client` tag.
 */
export const NetworkTooSlowPayloadSchema = z.object({
  client: z.literal(SOCKET_CLIENT_TAG).optional(),
  session_id: sessionIdField,
  auth_token: authTokenField,
  is_network_too_slow: z.boolean({ error: 'is_network_too_slow must be true or false' }),
});
export type NetworkTooSlowPayload = z.infer<typeof NetworkTooSlowPayloadSchema>;

/** `notifications_subscribe` (our web app only): join the caller's own notification room. */
export const NotificationsSubscribePayloadSchema = z.object({ auth_token: authTokenField });
export type NotificationsSubscribePayload = z.infer<typeof NotificationsSubscribePayloadSchema>;

// ---- server -> client ------------------------------------------------------------------------

/**
 * Builds the schema of the bridge's envelope for one data event (§8.3): the payload sits two
 * levels down at `msg.data.data`, and `message`/`attendance_slug` are copied to the top level.
 */
export function socketEnvelopeSchema<E extends string, T extends z.ZodType>(event: E, inner: T) {
  return z.object({
    event: z.literal(event),
    client: z.literal(SOCKET_CLIENT_TAG),
    status_code: z.number().int(),
    message: z.string().optional(),
    attendance_slug: z.string().optional(),
    data: z.object({ data: inner }),
  });
}

/** The envelope as a type, for a given event name and INNER payload. */
export interface SocketEnvelope<E extends string, T> {
  event: E;
  client: typeof SOCKET_CLIENT_TAG;
  status_code: number;
  message?: string;
  attendance_slug?: string;
  data: { data: T };
}

/** INNER of `ongoing_session_data`: the client reads `msg.data.data.data`. */
export const OngoingSessionDataInnerSchema = z.object({
  session_id: z.string(),
  status: z.literal(true),
  data: OngoingSessionSchema,
});
/** INNER of `mark_attendance`: the client reads `msg.data.data.attendance_data`. */
export const MarkAttendanceInnerSchema = z.object({ attendance_data: AttendanceRecordSchema });
/** INNER of `update_attendance`: only the top-level copies of `message`/`attendance_slug` are read. */
export const UpdateAttendanceInnerSchema = z.object({
  session_id: z.string(),
  attendance_slug: z.string(),
  message: z.string(),
});
/** INNER of `regulization_request`: the client reads `msg.data.data.data.attendance_data`. */
export const RegulizationRequestInnerSchema = z.object({
  session_id: z.string(),
  status: z.literal(true),
  data: z.object({ attendance_data: AttendanceRecordSchema }),
});
/** INNER of `regulization_approved`: the client reads the array at `msg.data.data.data`. */
export const RegulizationApprovedInnerSchema = z.object({
  session_id: z.string(),
  status: z.literal(true),
  data: z.array(AttendanceRecordSchema),
});
/** INNER of `session_ended`: the client reads `msg.data.data.data.{session_id,active,marked_attendances}`. */
export const SessionEndedInnerSchema = z.object({
  session_id: z.string(),
  status: z.literal(true),
  data: EndedSessionSchema,
});

export const OngoingSessionDataMessageSchema = socketEnvelopeSchema(
  'ongoing_session_data',
  OngoingSessionDataInnerSchema,
);
export const MarkAttendanceMessageSchema = socketEnvelopeSchema('mark_attendance', MarkAttendanceInnerSchema);
/** `update_attendance` must carry `message` and `attendance_slug` at the top level. */
export const UpdateAttendanceMessageSchema = socketEnvelopeSchema(
  'update_attendance',
  UpdateAttendanceInnerSchema,
).extend({
  message: z.string(),
  attendance_slug: z.string(),
});
export const RegulizationRequestMessageSchema = socketEnvelopeSchema(
  'regulization_request',
  RegulizationRequestInnerSchema,
);
export const RegulizationApprovedMessageSchema = socketEnvelopeSchema(
  'regulization_approved',
  RegulizationApprovedInnerSchema,
);
export const SessionEndedMessageSchema = socketEnvelopeSchema('session_ended', SessionEndedInnerSchema);

export type OngoingSessionDataMessage = z.infer<typeof OngoingSessionDataMessageSchema>;
export type MarkAttendanceMessage = z.infer<typeof MarkAttendanceMessageSchema>;
export type UpdateAttendanceMessage = z.infer<typeof UpdateAttendanceMessageSchema>;
export type RegulizationRequestMessage = z.infer<typeof RegulizationRequestMessageSchema>;
export type RegulizationApprovedMessage = z.infer<typeof RegulizationApprovedMessageSchema>;
export type SessionEndedMessage = z.infer<typeof SessionEndedMessageSchema>;

/**
 * `client_error` is NOT wrapped: a flat object whose `data` is the message string. The client
 * toasts "`{status_code} - {data}`" and closes the sheet; the server then disconnects the socket.
 */
export const ClientErrorMessageSchema = z.object({
  event: z.literal('client_error'),
  client: z.literal(SOCKET_CLIENT_TAG),
  status_code: z.number().int(),
  data: z.string(),
});
export type ClientErrorMessage = z.infer<typeof ClientErrorMessageSchema>;

/**
 * `session_tone` (our web app only, to the teacher's own socket after `ongoing_session_data` when
 * it joined with `live_tone`): the session's secret key, its schedule and the schedule's epoch in
 * server time. Never sent anywhere else: whoever holds the key can play the right chirps.
 */
export const SessionToneMessageSchema = z.object({
  session_id: z.string(),
  key_hex: z.string(),
  config: ToneScheduleConfigSchema,
  epoch_ms: z.number(),
});
export type SessionToneMessage = z.infer<typeof SessionToneMessageSchema>;

/**
 * `tone_level` (our web app only): the tone-level check at session start, from the first seconds
 * of the teacher's own microphone stream. `weak`/`not_heard` mean students far away may not hear
 * the tone; `advice` says what to do (`raise_volume`, or `low_band`: the institution should use
 * the 16-19 kHz band).
 */
export const ToneLevelMessageSchema = z.object({
  session_id: z.string(),
  status: z.enum(['ok', 'weak', 'not_heard', 'band_not_captured']),
  advice: z.enum(['none', 'raise_volume', 'low_band']),
  score: z.number(),
  /**
   * Only when the institution uses the two-way check: whether this microphone hears the band the
   * students' phones answer in (`not_heard`: the check is not applied in this session, and the
   * stored reasons say so).
   */
  challenge_band: z.enum(['heard', 'not_heard']).optional(),
  /**
   * With `challenge_band`: the institution requires the two-way check, so where it cannot be
   * applied (`not_heard`) every mark of the session comes to the teacher's review.
   */
  challenge_required: z.boolean().optional(),
});
export type ToneLevelMessage = z.infer<typeof ToneLevelMessageSchema>;

/** `notification` (our web app only): a new alert for the bell, sent to the person's room. */
export const NotificationMessageSchema = z.object({ notification: NotificationSchema });
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;

/** Events the client emits, typed for `Server<ClientToServerEvents, ServerToClientEvents>`. */
export interface ClientToServerEvents {
  socket_connection: (payload: SocketConnectionPayload) => void;
  incoming_audio_chunks: (payload: IncomingAudioChunkPayload) => void;
  update_attendance: (payload: UpdateAttendancePayload) => void;
  regulization_request: (payload: RegulizationRequestPayload) => void;
  session_ended: (payload: SessionEndedPayload) => void;
  tone_clock: (payload: ToneClockPayload) => void;
  network_too_slow: (payload: NetworkTooSlowPayload) => void;
  /**
   * The optional acknowledgement arrives once the socket has joined the room: alerts raised after it
   * are pushed, so a client refetches the list then to close the gap between its first load and the join.
   */
  notifications_subscribe: (
    payload: NotificationsSubscribePayload,
    ack?: (result: NotificationsSubscribeAck) => void,
  ) => void;
}

/** Acknowledgement of `notifications_subscribe`. */
export interface NotificationsSubscribeAck {
  ok: boolean;
}

/** Events the server emits. */
export interface ServerToClientEvents {
  ongoing_session_data: (message: OngoingSessionDataMessage) => void;
  mark_attendance: (message: MarkAttendanceMessage) => void;
  update_attendance: (message: UpdateAttendanceMessage) => void;
  regulization_request: (message: RegulizationRequestMessage) => void;
  regulization_approved: (message: RegulizationApprovedMessage) => void;
  session_ended: (message: SessionEndedMessage) => void;
  client_error: (message: ClientErrorMessage) => void;
  notification: (message: NotificationMessage) => void;
  session_tone: (message: SessionToneMessage) => void;
  tone_level: (message: ToneLevelMessage) => void;
}

/** Payload schema of each client -> server event, for validating what arrives. */
export const CLIENT_EVENT_SCHEMAS = {
  socket_connection: SocketConnectionPayloadSchema,
  incoming_audio_chunks: IncomingAudioChunkPayloadSchema,
  update_attendance: UpdateAttendancePayloadSchema,
  regulization_request: RegulizationRequestPayloadSchema,
  session_ended: SessionEndedPayloadSchema,
  tone_clock: ToneClockPayloadSchema,
  network_too_slow: NetworkTooSlowPayloadSchema,
  notifications_subscribe: NotificationsSubscribePayloadSchema,
} as const satisfies { [K in keyof ClientToServerEvents]: z.ZodType<Parameters<ClientToServerEvents[K]>[0]> };

/** Message schema of each server -> client event, for tests and defensive clients. */
export const SERVER_EVENT_SCHEMAS = {
  ongoing_session_data: OngoingSessionDataMessageSchema,
  mark_attendance: MarkAttendanceMessageSchema,
  update_attendance: UpdateAttendanceMessageSchema,
  regulization_request: RegulizationRequestMessageSchema,
  regulization_approved: RegulizationApprovedMessageSchema,
  session_ended: SessionEndedMessageSchema,
  client_error: ClientErrorMessageSchema,
  notification: NotificationMessageSchema,
  session_tone: SessionToneMessageSchema,
  tone_level: ToneLevelMessageSchema,
} as const;

/** The top-level extras of an enveloped message. */
export interface SocketMessageExtras {
  /** Defaults to 200. */
  status_code?: number;
  message?: string;
  attendance_slug?: string;
}

/**
 * Wraps an INNER payload in the bridge's exact envelope: `{event, client:'FE', status_code,
 * message?, attendance_slug?, data:{data: inner}}`. Absent extras are left out rather than set to
 * `undefined`, so the object equals what the old bridge put on the wire.
 */
export function socketMessage<E extends string, T>(
  event: E,
  inner: T,
  extras: SocketMessageExtras = {},
): SocketEnvelope<E, T> {
  const message: SocketEnvelope<E, T> = {
    event,
    client: SOCKET_CLIENT_TAG,
    status_code: extras.status_code ?? 200,
    data: { data: inner },
  };
  if (extras.message !== undefined) message.message = extras.message;
  if (extras.attendance_slug !== undefined) message.attendance_slug = extras.attendance_slug;
  return message;
}

/**
 * Builds the flat `client_error` message (never enveloped).
 */
export function clientErrorMessage(statusCode: number, text: string): ClientErrorMessage {
  return { event: 'client_error', client: SOCKET_CLIENT_TAG, status_code: statusCode, data: text };
}

/**
 * Builds the `update_attendance` answer with `message` and `attendance_slug` lifted to the top
 * level, where the client reads them.
 */
export function updateAttendanceMessage(
  sessionId: string,
  attendanceSlug: string,
  text: string,
  statusCode = 200,
): UpdateAttendanceMessage {
  const inner = { session_id: sessionId, attendance_slug: attendanceSlug, message: text };
  return {
    ...socketMessage('update_attendance', inner, { status_code: statusCode }),
    message: text,
    attendance_slug: attendanceSlug,
  };
}
