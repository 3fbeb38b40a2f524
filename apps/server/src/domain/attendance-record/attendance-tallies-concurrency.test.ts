import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { lectureSessions } from '../../db/schema';
import { newSessionId } from '../lectures/lecture-sessions.repository';
import { addRecordLecture, buildRecordWorld } from '../../testing/record-fixture';
import { tallyRows } from '../../testing/tally-fixture';
import { useTestApp } from '../../testing/test-app';

// Writers racing on one tally row or one session, each on its own PostgreSQL connection (PGlite
// has one connection: nothing races there).

const url = process.env.TEST_DATABASE_URL;
const t = useTestApp();

describe.runIf(url)('the attendance tally under concurrent writers (PostgreSQL)', () => {
  const clients: pg.Client[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.end();
  });

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }

  /** Resolves once `pid` waits for a lock, or `done` settles first (then it never waited). */
  async function waitsForLock(pid: number, done: Promise<unknown>): Promise<boolean> {
    let settled = false;
    void done.then(
      () => (settled = true),
      () => (settled = true),
    );
    const observer = await connect();
    for (;;) {
      const { rows } = await observer.query<{ wait_event_type: string | null }>(
        'select wait_event_type from pg_stat_activity where pid = $1',
        [pid],
      );
      if (rows[0]?.wait_event_type === 'Lock') return true;
      if (settled) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function world(sessions: number, status: 'pre' | 'post') {
    const w = await buildRecordWorld(t.db);
    const lecture = await addRecordLecture(t.db, w.world, {
      subjectId: w.subjects.IS.id,
      divisionId: w.world.divisions.A.id,
      batchIds: [w.batches.A1.id, w.batches.A2.id],
    });
    const rows = await t.db
      .insert(lectureSessions)
      .values(
        Array.from({ length: sessions }, (_, i) => ({
          sessionId: newSessionId(),
          lectureId: lecture.id,
          day: `2026-10-${String(10 + i).padStart(2, '0')}`,
          status,
          startedAt: status === 'post' ? new Date('2026-10-10T09:00:00Z') : null,
        })),
      )
      .returning();
    return { student: w.students.a1.student.id, lecture, sessions: rows.map((r) => r.id) };
  }

  const mark = (session: number, student: number) =>
    `insert into attendances (slug, session_id, student_id, is_present) values (md5(random()::text), ${session}, ${student}, true)`;
  const start = (session: number) =>
    `update lecture_sessions set status = 'ongoing', started_at = now() where id = ${session}`;

  it('counts every one of many marks of one student and lecture written at once', async () => {
    const w = await world(6, 'post');
    const writers = await Promise.all(w.sessions.map(() => connect()));
    // Each in its own transaction: the first to add the student's tally row holds it until it
    // commits, the others wait, then add to it (insert ... on conflict do update).
    await Promise.all(
      writers.map(async (c, i) => {
        await c.query('begin');
        await c.query(mark(w.sessions[i]!, w.student));
        await c.query('commit');
      }),
    );
    expect(await tallyRows(t.db)).toEqual([
      { studentId: w.student, lectureKey: w.lecture.id, marks: 6, present: 6, excused: 0 },
    ]);
  });

  /**
   * `first` runs in an open transaction; `second`, on another connection, must wait for it; then
   * `first` commits and `second` completes. Either way the one mark is counted once.
   */
  async function race(first: string, second: string, w: Awaited<ReturnType<typeof world>>) {
    const [holder, waiter] = [await connect(), await connect()];
    await holder.query('begin');
    await holder.query(first);
    const waiterPid = (await waiter.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const waiting = waiter.query(second);
    expect(await waitsForLock(waiterPid, waiting)).toBe(true);
    await holder.query('commit');
    await waiting;
    expect(await tallyRows(t.db)).toEqual([
      { studentId: w.student, lectureKey: w.lecture.id, marks: 1, present: 1, excused: 0 },
    ]);
  }

  it('counts a mark written while its session starts (the mark waits for the start)', async () => {
    const w = await world(1, 'pre');
    await race(start(w.sessions[0]!), mark(w.sessions[0]!, w.student), w);
  });

  it('counts a mark written just before its session starts (the start waits for the mark)', async () => {
    const w = await world(1, 'pre');
    await race(mark(w.sessions[0]!, w.student), start(w.sessions[0]!), w);
  });
});
