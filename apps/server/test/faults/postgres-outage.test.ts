import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/client';
import { institutions } from '../../src/db/schema';
import { createTokenSigner } from '../../src/lib/tokens';
import { currentWeekday } from '../../src/lib/week';
import { buildTimetableWorld } from '../../src/testing/timetable-fixture';
import {
  addLecture,
  joinAsTeacher,
  multipart,
  nextEvent,
  type ClientSocket,
} from '../../src/testing/live-fixture';
import { accessTokenFor } from '../../src/testing/tokens';
import {
  faultTestsSkipped,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../src/testing/private-services';
import { startServerProcess, type ServerProcess } from '../../src/testing/server-process';

const JWT_SECRET = 'fault-test-secret-that-is-long-enough-for-hs256';

/**
 * Issue 14 and 17: the real server process (main.ts) on a PostgreSQL of the test's own, restarted
 * and stopped under it while a teacher's live session is open. The server must live through it,
 * answer 503 with Retry-After while the database is away (never 500, never hang), and recover by
 * itself when it returns.
 */
describe.skipIf(faultTestsSkipped())('PostgreSQL restarted or stopped under a running server', () => {
  let pg: PrivatePostgres;
  let server: ServerProcess;
  let dir: string;
  let teacherToken: string;
  let sessionId: string;
  let sheet: ClientSocket;

  /** One request to the server; a request that gets no answer in 10 s counts as hanging. */
  async function get(url: string, token?: string) {
    const res = await fetch(`${server.url}${url}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(10_000),
    }).catch((err: unknown) => {
      throw new Error(
        `no answer from the server (exit code ${server.exitCode()}): ${String(err)}\n--- server output ---\n${server.output()}`,
      );
    });
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
  }

  /** Asks until the answer is 200; every answer meanwhile must be the outage's 503, never a 500. */
  async function until200(url: string, token?: string) {
    for (let attempt = 0; ; attempt++) {
      const res = await get(url, token);
      if (res.status === 200) return res;
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      if (attempt > 100) throw new Error(`${url} did not recover: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    dir = await mkdtemp(path.join(os.tmpdir(), 'rollbook-fault-'));
    await mkdir(path.join(dir, 'web'));
    server = await startServerProcess({
      DATABASE_URL: pg.url,
      JWT_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST: path.join(dir, 'web'),
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
    });

    // The data, written through a connection of the test's own, closed before any fault.
    const handle = await openDatabase({ url: pg.url, dataDir: null });
    try {
      const world = await buildTimetableWorld(handle.db);
      await handle.db
        .update(institutions)
        .set({ sessionWindowAlwaysOpen: true })
        .where(eq(institutions.id, world.branch.institutionId));
      const lecture = await addLecture(handle.db, world, {
        divisionId: world.divisions.A.id,
        batchIds: world.batches.filter((b) => b.divisionId === world.divisions.A.id).map((b) => b.id),
        day: currentWeekday(new Date(), 'Asia/Kolkata'),
        startTime: '00:00',
        endTime: '23:59',
      });
      const signer = createTokenSigner(JWT_SECRET, { accessSeconds: 3600, refreshSeconds: 7200 });
      teacherToken = await accessTokenFor(signer, world.teachers.cst.profile, Date.now());
      const form = multipart({ lecture_slug: lecture.slug, classroom_slug: '' });
      const started = await fetch(`${server.url}/api/manage/session/create_lecture_session/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${teacherToken}`, ...form.headers },
        body: form.payload,
      });
      const body = (await started.json()) as any;
      expect(started.status, JSON.stringify(body)).toBe(200);
      sessionId = body.data.session_id;
    } finally {
      await handle.close();
    }
    const joined = await joinAsTeacher(server.url, sessionId, teacherToken);
    expect(joined.answer.kind).toBe('data');
    sheet = joined.socket;
  });

  afterAll(async () => {
    sheet?.close();
    await server?.stop();
    await pg?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lives through a restart (every pooled connection terminated) and serves the live session after it', async () => {
    expect((await get('/api/check_token_authenticity', teacherToken)).status).toBe(200);

    await pg.restart();

    const after = await until200('/api/check_token_authenticity', teacherToken);
    expect(after.body).toEqual({ data: { isAuthenticated: true }, error: false, message: null });
    expect(server.exitCode()).toBeNull();
    // The teacher's live socket was never dropped, and it reads the session's sheet again.
    expect(sheet.connected).toBe(true);
    const data = nextEvent(sheet, 'ongoing_session_data');
    sheet.emit('socket_connection', { client: 'FE', session_id: sessionId, auth_token: teacherToken });
    expect(await data).toMatchObject({ event: 'ongoing_session_data' });
  });

  it('answers 503 with Retry-After while PostgreSQL is stopped, and recovers by itself when it is back', async () => {
    await pg.stop();
    try {
      const signedIn = await get('/api/check_token_authenticity', teacherToken);
      expect(signedIn.status).toBe(503);
      expect(signedIn.retryAfter).toBe('5');
      expect(signedIn.body).toMatchObject({ data: null, error: true, code: 'service_unavailable' });
      expect(signedIn.body.message).toMatch(/database/);

      // The liveness probe the web app runs before every protected screen (issue 17): 503, so the
      // app shows its 502 page instead of screens that cannot load.
      const availability = await get('/api/check_server_avaibility');
      expect(availability.status).toBe(503);
      expect(availability.body).toMatchObject({ data: false, error: true });

      const ready = await get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.retryAfter).toBe('5');
      expect(ready.body).toMatchObject({ status: 'unavailable', checks: { database: 'unavailable' } });
      // The process itself is up: a supervisor must not restart it for the database's outage.
      const health = await get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', version: expect.any(String) });

      const exported = await get(
        `/api/manage/session/get_session_data_for_export/${sessionId}`,
        teacherToken,
      );
      expect(exported.status).toBe(503);
      expect(server.exitCode()).toBeNull();
    } finally {
      await pg.start();
    }

    await until200('/api/check_token_authenticity', teacherToken);
    expect((await get('/api/check_server_avaibility')).body).toEqual({ data: true });
    expect((await get('/api/ready')).body).toMatchObject({ status: 'ready', checks: { database: 'ok' } });
    const exported = await get(`/api/manage/session/get_session_data_for_export/${sessionId}`, teacherToken);
    expect(exported.status).toBe(200);
    expect(sheet.connected).toBe(true);
  });
});
