import { describe, expect, expectTypeOf, it } from 'vitest';
import { sampleAttendance, sampleOngoingSession } from '../testing/samples';
import {
  ClientErrorMessageSchema,
  IncomingAudioChunkPayloadSchema,
  MISSING_SESSION_OR_TOKEN_MESSAGE,
  SERVER_EVENT_SCHEMAS,
  SocketConnectionPayloadSchema,
  UpdateAttendancePayloadSchema,
  clientErrorMessage,
  socketMessage,
  updateAttendanceMessage,
  type ServerToClientEvents,
} from './events';

const sessionId = sampleOngoingSession.session_id;

describe('server -> client envelopes', () => {
  it('puts ongoing_session_data at msg.data.data.data', () => {
    const msg = socketMessage('ongoing_session_data', {
      session_id: sessionId,
      status: true as const,
      data: sampleOngoingSession,
    });
    expect(SERVER_EVENT_SCHEMAS.ongoing_session_data.safeParse(msg).success).toBe(true);
    expect(msg.data.data.data.marked_attendances).toHaveLength(1);
    expect(msg.data.data.data.pending_regulization_requests[0]?.slug).toBe('att_2');
    expect(msg).toEqual({
      event: 'ongoing_session_data',
      client: 'FE',
      status_code: 200,
      data: { data: { session_id: sessionId, status: true, data: sampleOngoingSession } },
    });
  });

  it('puts mark_attendance one level higher, at msg.data.data.attendance_data', () => {
    const msg = socketMessage('mark_attendance', { attendance_data: sampleAttendance });
    expect(SERVER_EVENT_SCHEMAS.mark_attendance.safeParse(msg).success).toBe(true);
    expect(msg.data.data.attendance_data.slug).toBe('att_1');
    const tooDeep = socketMessage('mark_attendance', {
      session_id: sessionId,
      status: true,
      data: { attendance_data: sampleAttendance },
    });
    expect(SERVER_EVENT_SCHEMAS.mark_attendance.safeParse(tooDeep).success).toBe(false);
  });

  it('nests regulization_request, regulization_approved and session_ended three levels down', () => {
    const request = socketMessage('regulization_request', {
      session_id: sessionId,
      status: true as const,
      data: { attendance_data: sampleAttendance },
    });
    expect(SERVER_EVENT_SCHEMAS.regulization_request.safeParse(request).success).toBe(true);
    expect(request.data.data.data.attendance_data.slug).toBe('att_1');

    const approved = socketMessage('regulization_approved', {
      session_id: sessionId,
      status: true as const,
      data: [sampleAttendance],
    });
    expect(SERVER_EVENT_SCHEMAS.regulization_approved.safeParse(approved).success).toBe(true);
    expect(approved.data.data.data[0]?.is_present).toBe(true);

    const ended = socketMessage('session_ended', {
      session_id: sessionId,
      status: true as const,
      data: { session_id: sessionId, active: 'post' as const, marked_attendances: [sampleAttendance] },
    });
    expect(SERVER_EVENT_SCHEMAS.session_ended.safeParse(ended).success).toBe(true);
    expect(ended.data.data.data.active).toBe('post');
    const flat = socketMessage('session_ended', {
      session_id: sessionId,
      active: 'post',
      marked_attendances: [],
    });
    expect(SERVER_EVENT_SCHEMAS.session_ended.safeParse(flat).success).toBe(false);
  });

  it('lifts message and attendance_slug of update_attendance to the top level', () => {
    const msg = updateAttendanceMessage(sessionId, 'att_1', 'Attendance updated successfully');
    expect(SERVER_EVENT_SCHEMAS.update_attendance.safeParse(msg).success).toBe(true);
    expect(msg.status_code).toBe(200);
    expect(msg.message).toBe('Attendance updated successfully');
    expect(msg.attendance_slug).toBe('att_1');
    const failed = updateAttendanceMessage(sessionId, 'att_9', 'Attendance not found', 404);
    expect(failed.status_code).toBe(404);
    const { message: _m, ...withoutMessage } = msg;
    expect(SERVER_EVENT_SCHEMAS.update_attendance.safeParse(withoutMessage).success).toBe(false);
  });

  it('leaves absent extras out of the envelope', () => {
    const msg = socketMessage('mark_attendance', { attendance_data: sampleAttendance }, { status_code: 201 });
    expect(Object.keys(msg).sort()).toEqual(['client', 'data', 'event', 'status_code']);
    expect(msg.status_code).toBe(201);
  });

  it('keeps client_error flat with the message string in data', () => {
    const msg = clientErrorMessage(500, MISSING_SESSION_OR_TOKEN_MESSAGE);
    expect(msg).toEqual({
      event: 'client_error',
      client: 'FE',
      status_code: 500,
      data: 'Please provide the session id and auth_token',
    });
    expect(ClientErrorMessageSchema.safeParse(msg).success).toBe(true);
    expect(ClientErrorMessageSchema.safeParse(socketMessage('client_error', 'x')).success).toBe(false);
  });

  it('has a message schema for every event of the socket.io server map, and client_error carries a string', () => {
    // Checked by the type checker: the table names exactly the map's events.
    const serverEvents = {
      ongoing_session_data: true,
      mark_attendance: true,
      update_attendance: true,
      regulization_request: true,
      regulization_approved: true,
      session_ended: true,
      client_error: true,
      notification: true,
      session_tone: true,
      tone_level: true,
    } satisfies Record<keyof ServerToClientEvents, true>;
    expectTypeOf<Parameters<ServerToClientEvents['client_error']>[0]['data']>().toEqualTypeOf<string>();
    // Checked at run time: the schemas that tests and clients validate with cover the same events.
    expect(Object.keys(SERVER_EVENT_SCHEMAS).sort()).toEqual(Object.keys(serverEvents).sort());
    const error = clientErrorMessage(409, 'taken over');
    expect(SERVER_EVENT_SCHEMAS.client_error.parse(error).data).toBe('taken over');
    expect(
      SERVER_EVENT_SCHEMAS.client_error.safeParse({ ...error, data: { message: 'taken over' } }).success,
    ).toBe(false);
  });
});

describe('client -> server payloads', () => {
  const base = { client: 'FE', session_id: sessionId, auth_token: 'a.b.c' };

  it('accepts the client payloads', () => {
    expect(SocketConnectionPayloadSchema.safeParse(base).success).toBe(true);
    expect(SocketConnectionPayloadSchema.safeParse({ ...base, isReConnect: true }).success).toBe(true);
    expect(
      UpdateAttendancePayloadSchema.safeParse({ ...base, attendance_slug: 'att_1', action: false }).success,
    ).toBe(true);
  });

  it('answers a missing id or token with the bridge message', () => {
    const result = SocketConnectionPayloadSchema.safeParse({ ...base, auth_token: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MISSING_SESSION_OR_TOKEN_MESSAGE);
    expect(SocketConnectionPayloadSchema.safeParse({ ...base, client: 'django' }).success).toBe(false);
  });

  it('takes audio chunks as binary, including empty heartbeats', () => {
    const chunk = { ...base, timestamp: 1746500000000 };
    expect(IncomingAudioChunkPayloadSchema.safeParse({ ...chunk, blob: new Uint8Array(96000) }).success).toBe(
      true,
    );
    expect(IncomingAudioChunkPayloadSchema.safeParse({ ...chunk, blob: new ArrayBuffer(0) }).success).toBe(
      true,
    );
    const asText = IncomingAudioChunkPayloadSchema.safeParse({ ...chunk, blob: 'AAAA' });
    expect(asText.success).toBe(false);
    expect(asText.error?.issues[0]?.path).toEqual(['blob']);
  });
});
