import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendances, auditLog } from '../../db/schema';
import { teacherChunks } from '../../testing/audio';
import {
  collect,
  markAttendance,
  markFields,
  received,
  reportToneClock,
  startLiveWorld,
  streamTeacherAudio,
  useRoomAtNine,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { createMarkingContextReader } from '../../domain/lectures/marking-context';

// What one marking attempt costs the database (docs/decisions/sessions-0014): the token's profile,
// one joined read of the marking context and one statement storing the attempt with its audit
// entry, with no transaction around them (was 11 statements, 4 of them a transaction).
describe('the database work of one marking attempt', () => {
  const { t, sockets, baseUrl, sound, epochMs, withTone } = useRoomAtNine();

  /** The teacher's sheet playing the tone live, the room's eight seconds streamed and level-checked. */
  async function liveSheet(w: StartedLiveWorld) {
    const { socket } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, { liveTone: true });
    const session = { sessionId: w.sessionId, token: w.tokens.cst };
    await reportToneClock(t.app, socket, session, { offsetMs: 0, toleranceMs: 50 });
    const levels = collect(socket, 'tone_level');
    await streamTeacherAudio(t.app, socket, session, teacherChunks(sound, epochMs));
    await received(levels, 1);
    return socket;
  }

  /**
   * Statements sent to the database while `run` runs, and transactions opened: every statement
   * outside a transaction passes the client's `query` (either driver), and a transaction's go
   * through the handle `transaction` gives, so none may be opened for the count to be whole.
   */
  async function databaseWorkOf(run: () => Promise<unknown>) {
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const statements = vi.spyOn(client, 'query');
    const transactions = vi.spyOn(t.db, 'transaction');
    try {
      await run();
      return { statements: statements.mock.calls.length, transactions: transactions.mock.calls.length };
    } finally {
      statements.mockRestore();
      transactions.mockRestore();
    }
  }

  it.each([
    ['lecture_slug', (w: StartedLiveWorld) => markFields(w, epochMs + 1000)],
    [
      'session_id',
      (w: StartedLiveWorld) => {
        const { lecture_slug: _slug, ...fields } = markFields(w, epochMs + 1000);
        return { ...fields, session_id: w.sessionId };
      },
    ],
  ])('marks a student named by %s in at most 3 statements and no transaction', async (_ref, fieldsOf) => {
    const w = await startLiveWorld(t.app, t.db);
    const socket = await liveSheet(w);
    const marks = collect(socket, 'mark_attendance');

    let status = 0;
    const work = await databaseWorkOf(async () => {
      status = (await markAttendance(t.app, w.tokens.a1, fieldsOf(w), withTone(w))).status;
    });
    expect(status).toBe(200);
    expect(work.transactions).toBe(0);
    expect(work.statements).toBeGreaterThan(0);
    expect(work.statements).toBeLessThanOrEqual(3);

    // Stored with its audit entry, pushed once.
    const [row] = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.studentId, w.students.a1.student.id));
    expect(row).toMatchObject({ isPresent: true, verdict: 'present' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'attendance.marked'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      institutionId: w.world.institutionId,
      actorProfileId: w.students.a1.profile.id,
      entityType: 'attendance',
      entitySlug: row!.slug,
      detail: { session: w.sessionId, verdict: 'present', reasons: [] },
    });
    await received(marks, 1);
  });

  it("finds today's session in the institution's zone when the UTC date is another day", async () => {
    const w = await startLiveWorld(t.app, t.db);
    const read = createMarkingContextReader(t.db);
    const caller = { profileId: w.students.a1.profile.id, institutionId: w.world.institutionId };
    const ref = { lecture_slug: w.lecture.slug };
    // 00:30 in Kolkata on the session's day is 19:00 UTC the day before.
    const justAfterMidnight = await read(caller, ref, new Date('2026-11-02T00:30:00+05:30'));
    expect(justAfterMidnight?.session.sessionId).toBe(w.sessionId);
    expect(justAfterMidnight?.student.id).toBe(w.students.a1.student.id);
    // 23:30 the evening before is the session's UTC date but not its local day: not today's.
    expect(await read(caller, ref, new Date('2026-11-01T23:30:00+05:30'))).toBeNull();
    // A student of another batch reads the context too, told apart by membership (no row yet).
    const stranger = { profileId: w.students.b1.profile.id, institutionId: w.world.institutionId };
    const other = await read(stranger, ref, new Date('2026-11-02T09:00:00+05:30'));
    expect(other?.member).toBe(false);
    expect(other?.row).toBeNull();
  });
});
