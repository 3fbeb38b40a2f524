import { describe, expect, it } from 'vitest';
import { buildOngoing, buildRecord } from '../lecture-fixtures';
import {
  CLOSED_SESSION,
  liveSessionReducer,
  type LiveSessionAction,
  type LiveSessionState,
  unmarkedStudents,
} from './live-session-state';

function run(...actions: LiveSessionAction[]): LiveSessionState {
  return actions.reduce(liveSessionReducer, CLOSED_SESSION);
}

const opened: LiveSessionAction = { type: 'opened', lectureSlug: 'l1', sessionId: 's1' };

describe('liveSessionReducer', () => {
  it('connects, then takes the students and requests of ongoing_session_data', () => {
    expect(run(opened).phase).toBe('connecting');
    const marked = buildRecord();
    const waiting = buildRecord({ regulization_comment: 'phone died' });
    const state = run(opened, {
      type: 'ongoingData',
      session: buildOngoing({
        student_count: 42,
        marked_attendances: [marked],
        pending_regulization_requests: [waiting],
      }),
    });
    expect(state).toMatchObject({ phase: 'live', studentCount: 42, marked: [marked], requests: [waiting] });
  });

  it('prepends a marked student once, even when the row arrives again', () => {
    const first = buildRecord();
    const second = buildRecord();
    const state = run(
      opened,
      { type: 'ongoingData', session: buildOngoing() },
      { type: 'attendanceMarked', record: first },
      { type: 'attendanceMarked', record: second },
      { type: 'attendanceMarked', record: { ...first, ncc: 0.9 } },
    );
    expect(state.marked.map((r) => [r.slug, r.ncc])).toEqual([
      [first.slug, 0.9],
      [second.slug, second.ncc],
    ]);
  });

  it('shows reconnecting after a drop, and rebuilds the whole sheet from the next ongoing_session_data', () => {
    const before = buildRecord();
    const missed = buildRecord();
    const dropped = run(
      opened,
      { type: 'ongoingData', session: buildOngoing({ marked_attendances: [before] }) },
      { type: 'connectionLost' },
    );
    expect(dropped).toMatchObject({ phase: 'live', reconnecting: true, marked: [before] });
    // A mark made while the sheet was offline is in the server's state; the old row is not doubled.
    const back = liveSessionReducer(dropped, {
      type: 'ongoingData',
      session: buildOngoing({ marked_attendances: [missed, before] }),
    });
    expect(back.reconnecting).toBe(false);
    expect(back.marked.map((r) => r.slug)).toEqual([missed.slug, before.slug]);
    // A drop after the end, or of a closed sheet, changes nothing.
    expect(run({ type: 'connectionLost' })).toEqual(CLOSED_SESSION);
  });

  it('remembers that the sheet follows over the slow-network path', () => {
    expect(run(opened, { type: 'slowNetwork' }).slowNetwork).toBe(true);
    expect(run(opened, { type: 'slowNetwork' }, { type: 'closed' }).slowNetwork).toBe(false);
  });

  it('toggles presence of one row', () => {
    const row = buildRecord({ is_present: true });
    const other = buildRecord({ is_present: true });
    const state = run(
      opened,
      { type: 'ongoingData', session: buildOngoing({ marked_attendances: [row, other] }) },
      { type: 'attendanceToggled', attendanceSlug: row.slug },
    );
    expect(state.marked.map((r) => r.is_present)).toEqual([false, true]);
  });

  it('moves approved requests to the marked list and keeps the others waiting', () => {
    const a = buildRecord({ is_present: false });
    const b = buildRecord({ is_present: false });
    const state = run(
      opened,
      { type: 'ongoingData', session: buildOngoing() },
      { type: 'requestReceived', record: a },
      { type: 'requestReceived', record: b },
      { type: 'requestsApproved', records: [{ ...a, is_present: true, manual: true }] },
    );
    expect(state.requests.map((r) => r.slug)).toEqual([b.slug]);
    expect(state.marked).toEqual([{ ...a, is_present: true, manual: true }]);
  });

  it('rejects a request locally', () => {
    const a = buildRecord();
    const state = run(
      opened,
      { type: 'requestReceived', record: a },
      { type: 'requestRejected', attendanceSlug: a.slug },
    );
    expect(state.requests).toEqual([]);
  });

  it('stores the final list when the session ends, and closes to nothing', () => {
    const final = buildRecord();
    const ended = run(
      opened,
      { type: 'requestReceived', record: buildRecord() },
      { type: 'ended', session: { session_id: 's1', active: 'post', marked_attendances: [final] } },
    );
    expect(ended).toMatchObject({ phase: 'ended', marked: [final], requests: [] });
    expect(liveSessionReducer(ended, { type: 'closed' })).toEqual(CLOSED_SESSION);
  });

  it('lists the audience without a mark as not marked; a toggle of one moves them, present, to the Default list', () => {
    const marked = buildRecord();
    const quiet = buildRecord({ is_present: false, similarity: null });
    const later = buildRecord({ is_present: false, similarity: null });
    const loaded = run(
      opened,
      { type: 'ongoingData', session: buildOngoing({ marked_attendances: [marked] }) },
      { type: 'audienceLoaded', records: [marked, quiet, later] },
    );
    expect(unmarkedStudents(loaded)).toEqual([quiet, later]);
    const toggled = liveSessionReducer(loaded, { type: 'attendanceToggled', attendanceSlug: quiet.slug });
    expect(toggled.marked).toEqual([{ ...quiet, is_present: true, manual: true }, marked]);
    expect(unmarkedStudents(toggled)).toEqual([later]);
    // A mark of the student's own leaves the list too; a slug nobody knows changes nothing.
    const selfMarked = liveSessionReducer(toggled, {
      type: 'attendanceMarked',
      record: { ...later, is_present: true },
    });
    expect(unmarkedStudents(selfMarked)).toEqual([]);
    expect(liveSessionReducer(selfMarked, { type: 'attendanceToggled', attendanceSlug: 'nobody' })).toBe(
      selfMarked,
    );
  });

  it('leaves a student who asked for a manual mark to the Manual list', () => {
    const asking = buildRecord({ is_present: false, similarity: null });
    const quiet = buildRecord({ is_present: false, similarity: null });
    const loaded = run(
      opened,
      { type: 'ongoingData', session: buildOngoing({ marked_attendances: [] }) },
      { type: 'audienceLoaded', records: [asking, quiet] },
      { type: 'requestReceived', record: asking },
    );
    expect(loaded.requests).toEqual([asking]);
    expect(unmarkedStudents(loaded)).toEqual([quiet]);
  });
});
