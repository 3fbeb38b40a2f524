import { describe, expect, it } from 'vitest';
import { clientErrorMessage, socketMessage, updateAttendanceMessage } from '@rollbook/contract';
import { buildOngoing, buildRecord } from '../lecture-fixtures';
import {
  clientErrorText,
  readApprovedRequests,
  readAttendanceUpdate,
  readEndedSession,
  readManualRequest,
  readMarkedAttendance,
  readOngoingSession,
  readSseMessage,
} from './session-events';

// Messages are written out literally (not only built with the contract's helpers), so a change of
// nesting depth in either place is caught here.
const row = buildRecord({ name: 'Asha Patel' });

describe('server event envelopes (contract §8.3)', () => {
  it('reads ongoing_session_data three levels down', () => {
    const session = buildOngoing({ marked_attendances: [row] });
    const message = {
      event: 'ongoing_session_data',
      client: 'FE',
      status_code: 200,
      data: { data: { session_id: session.session_id, status: true, data: session } },
    };
    expect(readOngoingSession(message)).toEqual({ ok: true, value: session });
    expect(
      readOngoingSession(
        socketMessage('ongoing_session_data', { session_id: 's', status: true, data: session }),
      ),
    ).toEqual({ ok: true, value: session });
  });

  it('reads mark_attendance two levels down', () => {
    const message = {
      event: 'mark_attendance',
      client: 'FE',
      status_code: 200,
      data: { data: { attendance_data: row } },
    };
    expect(readMarkedAttendance(message)).toEqual({ ok: true, value: row });
  });

  it('reads update_attendance from its top-level fields, 200 meaning applied', () => {
    expect(
      readAttendanceUpdate(updateAttendanceMessage('s', row.slug, 'Attendance updated successfully')),
    ).toEqual({
      ok: true,
      value: { applied: true, attendanceSlug: row.slug, message: 'Attendance updated successfully' },
    });
    const refused = {
      event: 'update_attendance',
      client: 'FE',
      status_code: 404,
      message: 'Attendance not found',
      attendance_slug: row.slug,
      data: { data: { session_id: 's', attendance_slug: row.slug, message: 'Attendance not found' } },
    };
    expect(readAttendanceUpdate(refused)).toEqual({
      ok: true,
      value: { applied: false, attendanceSlug: row.slug, message: 'Attendance not found' },
    });
  });

  it('reads regulization_request three levels down, then attendance_data', () => {
    const message = {
      event: 'regulization_request',
      client: 'FE',
      status_code: 200,
      data: { data: { session_id: 's', status: true, data: { attendance_data: row } } },
    };
    expect(readManualRequest(message)).toEqual({ ok: true, value: row });
  });

  it('reads regulization_approved as the array three levels down', () => {
    const message = socketMessage('regulization_approved', { session_id: 's', status: true, data: [row] });
    expect(readApprovedRequests(message)).toEqual({ ok: true, value: [row] });
  });

  it('reads session_ended three levels down', () => {
    const ended = { session_id: 's', active: 'post' as const, marked_attendances: [row] };
    const message = socketMessage('session_ended', { session_id: 's', status: true, data: ended });
    expect(readEndedSession(message)).toEqual({ ok: true, value: ended });
  });

  it('answers a readable error for a message nested one level too shallow', () => {
    const shallow = {
      event: 'mark_attendance',
      client: 'FE',
      status_code: 200,
      data: { attendance_data: row },
    };
    expect(readMarkedAttendance(shallow)).toEqual({
      ok: false,
      error: 'The server sent an unreadable mark_attendance message',
    });
    expect(readOngoingSession({ data: buildOngoing() }).ok).toBe(false);
  });

  it('formats client_error as "{status_code} - {data}"', () => {
    expect(clientErrorText(clientErrorMessage(401, 'Invalid token'))).toBe('401 - Invalid token');
    expect(
      clientErrorText({
        event: 'client_error',
        client: 'FE',
        status_code: 500,
        data: 'Only one teacher can be connected to a lecture session at a time. Another teacher is already present.',
      }),
    ).toBe(
      '500 - Only one teacher can be connected to a lecture session at a time. Another teacher is already present.',
    );
    expect(clientErrorText('nonsense')).toBe('The live connection reported an error');
  });
});

describe('the slow-network event stream (contract §13)', () => {
  it('reads each §13 type, spelled as the later client reads it', () => {
    const session = buildOngoing({ marked_attendances: [row] });
    expect(readSseMessage({ status_code: 200, type: 'ongoing_session_data', data: session })).toEqual({
      ok: true,
      value: { kind: 'ongoing', session },
    });
    expect(
      readSseMessage({ status_code: 200, type: 'attendance_marked', data: { attendance_data: row } }),
    ).toEqual({ ok: true, value: { kind: 'marked', record: row } });
    expect(readSseMessage({ status_code: 200, type: 'update_attendace', data: row.slug })).toEqual({
      ok: true,
      value: { kind: 'toggled', attendanceSlug: row.slug },
    });
    expect(
      readSseMessage({ status_code: 200, type: 'regulization_request', data: { attendance_data: row } }),
    ).toEqual({ ok: true, value: { kind: 'request', record: row } });
    expect(
      readSseMessage({ status_code: 200, type: 'handleRegulizationApprovedEvent', data: [row] }),
    ).toEqual({ ok: true, value: { kind: 'approved', records: [row] } });
    const ended = { session_id: 's1', active: 'post', marked_attendances: [row] };
    expect(readSseMessage({ status_code: 409, type: 'session_ended', data: ended })).toEqual({
      ok: true,
      value: { kind: 'ended', session: ended },
    });
  });

  it('ignores an unknown 200 message, ends on an unknown failure, and refuses a malformed known one', () => {
    expect(readSseMessage({ status_code: 200, type: 'something_new', data: 1 })).toBeNull();
    expect(readSseMessage({ status_code: 500, type: 'error', data: 'boom' })).toEqual({
      ok: true,
      value: { kind: 'failed', text: '500 - boom' },
    });
    expect(readSseMessage({ status_code: 200, type: 'attendance_marked', data: row })).toEqual({
      ok: false,
      error: 'The server sent an unreadable attendance_marked message',
    });
  });
});
