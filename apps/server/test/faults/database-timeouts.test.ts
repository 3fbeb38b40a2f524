import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { attendances } from '../../src/db/schema';
import { truncateAll } from '../../src/db/reset';
import { outageSource } from '../../src/lib/outage';
import { call } from '../../src/testing/test-app';
import { waitUntil } from '../../src/testing/wait';
import { bootFaultApp } from '../../src/testing/fault-app';
import {
  faultTestsSkipped,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../src/testing/private-services';
import { keepTeacherAudio, markAttendance, markFields, startLiveWorld } from '../../src/testing/live-fixture';
import { roomSound, studentRecording, teacherChunks } from '../../src/testing/audio';
import type { DbLimits } from '../../src/config/config';

/**
 * Issue 16: a long lock on lecture_sessions (held here by another connection, as a slow migration
 * or a stuck transaction would) must not hang the uploads that need the table, nor, once they
 * fill the pool, every other signed-in call. Lock and statement timeouts end the stuck requests
 * with a 503, and the wait for a pool connection is bounded (503 when it expires).
 */
describe.skipIf(faultTestsSkipped())('database timeouts: one stuck table never stalls the rest', () => {
  let server: PrivatePostgres;

  beforeAll(async () => {
    server = await startPrivatePostgres();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  /** An app with these pool limits, a started live session, and a way to lock its sessions table. */
  async function setUp(limits: DbLimits) {
    const t = await bootFaultApp({ databaseUrl: server.url, config: { db: limits } });
    await truncateAll(t.db);
    const w = await startLiveWorld(t.app, t.db);
    const locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
    // Watches the app's connections from outside the locking transaction (whose view is frozen).
    const watcher = new pg.Client({ connectionString: server.url });
    await watcher.connect();
    return { t, w, locker, watcher };
  }

  /**
   * Runs `requests` while another connection holds an exclusive lock on lecture_sessions. The lock
   * is held until the requests named by `awaited` (all by default) have been answered, or for at
   * most 20 s (then released, so that without timeouts the requests finish late, with their normal
   * answers, and the test fails).
   */
  async function whileLocked<T>(
    locker: pg.Client,
    requests: () => Array<Promise<T>>,
    awaited: (started: Array<Promise<T>>) => Promise<unknown> = (started) => Promise.all(started),
  ): Promise<T[]> {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE lecture_sessions IN ACCESS EXCLUSIVE MODE');
    try {
      const started = requests();
      const all = Promise.all(started);
      let guard: NodeJS.Timeout | undefined;
      await Promise.race([awaited(started), new Promise((r) => (guard = setTimeout(r, 20_000)))]);
      clearTimeout(guard);
      await locker.query('ROLLBACK');
      return await all;
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
    }
  }

  it('ends uploads blocked by the lock with 503 and Retry-After, while signed-in calls keep being answered', async () => {
    const { t, w, locker, watcher } = await setUp({
      poolSize: 4,
      poolWaitMs: 5000,
      statementTimeoutMs: 5000,
      lockTimeoutMs: 200,
    });
    try {
      // The recording began seven seconds ago; the teacher's microphone heard the room meanwhile.
      const epochMs = t.clock.now().getTime() - 8000;
      const sound = roomSound(11, 8);
      await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
      const recording = studentRecording(w.tone, sound, 1, epochMs);
      const rows = () =>
        t.db.select().from(attendances).where(eq(attendances.studentId, w.students.a1.student.id));
      const before = await rows();
      // Twice as many uploads as the pool has connections, then a call that needs no locked table.
      const answers = await whileLocked(locker, () => [
        ...Array.from({ length: 8 }, () =>
          markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording),
        ),
        call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: w.tokens.cst }),
      ]);
      const uploads = answers.slice(0, 8);
      const signedIn = answers[8]!;
      for (const upload of uploads) {
        expect(upload.status, JSON.stringify(upload.body)).toBe(503);
        expect(upload.raw.headers['retry-after']).toBe('5');
        expect(upload.body).toMatchObject({ error: true, code: 'service_unavailable' });
      }
      expect(signedIn.status).toBe(200);
      expect(await rows()).toEqual(before);

      // The lock gone, the same upload goes through (the refused ones held no rate-limit slot).
      const after = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording);
      expect(after.status).toBe(200);
    } finally {
      await locker.end();
      await watcher.end();
      await t.close();
    }
  });

  it('bounds the wait for a pool connection: with every connection stuck, a signed-in call gets a 503, not a hang', async () => {
    // A lock timeout longer than the test's guard: the two uploads keep both connections.
    const { t, w, locker, watcher } = await setUp({
      poolSize: 2,
      poolWaitMs: 300,
      statementTimeoutMs: 60_000,
      lockTimeoutMs: 60_000,
    });
    try {
      const epochMs = t.clock.now().getTime();
      const recording = studentRecording(w.tone, roomSound(11, 8), 1, epochMs);
      const [, , signedIn] = await whileLocked(
        locker,
        () => {
          const uploads = [w.tokens.a1, w.tokens.a2].map((token) =>
            markAttendance(t.app, token, markFields(w, epochMs + 1000), recording),
          );
          // Asked once both uploads wait on the lock, so it can only get a connection they free.
          const check = waitUntil(async () => {
            const [row] = await lockWaiters(watcher);
            return row!.waiting >= 2;
          }, 'the two uploads never waited on the lock').then(() =>
            call(t.app, { method: 'GET', url: '/api/check_token_authenticity', token: w.tokens.cst }),
          );
          return [...uploads, check];
        },
        (started) => started[2]!,
      );
      expect(signedIn!.status).toBe(503);
      expect(signedIn!.raw.headers['retry-after']).toBe('5');
      expect(signedIn!.body).toMatchObject({ error: true, code: 'service_unavailable' });
    } finally {
      await locker.end();
      await watcher.end();
      await t.close();
    }
  });

  it('cancels a statement that runs past the statement timeout, as an outage the client may retry', async () => {
    const t = await bootFaultApp({
      databaseUrl: server.url,
      config: { db: { poolSize: 2, poolWaitMs: 5000, statementTimeoutMs: 200, lockTimeoutMs: 200 } },
    });
    try {
      const error = await Promise.resolve(t.db.execute(sql`select pg_sleep(20)`)).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).not.toBeNull();
      expect(outageSource(error)).toBe('database');
    } finally {
      await t.close();
    }
  });

  /** Connections waiting for a lock. */
  async function lockWaiters(watcher: pg.Client) {
    const res = await watcher.query<{ waiting: number }>(
      "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
    );
    return res.rows;
  }
});
