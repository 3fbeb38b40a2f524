import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { call, useTestApp } from '../../testing/test-app';
import {
  keepTeacherAudio,
  listenOnLoopback,
  markAttendance,
  markFields,
  openSocket,
  startLiveWorld,
  useSockets,
} from '../../testing/live-fixture';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import { startMetricsServer } from './ops';
import { WAIT_MS } from '../../testing/wait';

const version = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample line (`name{labels} value`) in an exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/health and GET /api/ready', () => {
  const t = useTestApp({ metricsToken: METRICS_TOKEN });

  it('health: the process answers, with its version (both path spellings)', async () => {
    for (const url of ['/api/health', '/api/health/']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', version });
    }
  });

  it('ready: the database answers (and Redis, when configured), with the version', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/ready' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      version,
      checks: { database: 'ok', redis: process.env.TEST_REDIS_URL ? 'ok' : 'not_configured' },
    });
  });

  describe('GET /api/metrics with METRICS_TOKEN', () => {
    const sockets = useSockets();
    let baseUrl = '';
    beforeAll(async () => {
      baseUrl = await listenOnLoopback(t.app);
    });

    const scrape = async () => {
      const res = await call(t.app, {
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(res.raw.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      return res.raw.body;
    };

    it('refuses a scrape without the token or with another one (401, nothing exposed)', async () => {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer wrong-token-of-the-same-length-000000' },
      ];
      for (const headers of attempts) {
        const res = await call(t.app, { method: 'GET', url: '/api/metrics', headers });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ data: null, error: true, code: 'token_invalid' });
        expect(res.raw.body).not.toContain('rollbook_');
      }
    });

    it('counts requests and their durations by route pattern and status, never by raw URL', async () => {
      const count = 'rollbook_http_requests_total{method="GET",route="/api/health",status="200"}';
      const durations = 'rollbook_http_request_duration_seconds_count{method="GET",route="/api/health"}';
      const slowest =
        'rollbook_http_request_duration_seconds_bucket{method="GET",route="/api/health",le="+Inf"}';
      const before = await scrape();
      await call(t.app, { method: 'GET', url: '/api/health' });
      await call(t.app, { method: 'GET', url: '/api/health' });
      await call(t.app, {
        method: 'GET',
        url: '/api/manage/session/get_session_data_for_export/some-session-id',
      });
      const text = await scrape();
      expect(sample(text, count)).toBe((sample(before, count) ?? 0) + 2);
      expect(sample(text, durations)).toBe((sample(before, durations) ?? 0) + 2);
      expect(sample(text, slowest)).toBe(sample(text, durations));
      expect(text).toContain(
        'route="/api/manage/session/get_session_data_for_export/:session_id",status="401"',
      );
      expect(text).not.toContain('some-session-id');
      expect(sample(text, `rollbook_build_info{version="${version}"}`)).toBe(1);
    });

    it('counts verifications by verdict and shows the verification queue and socket connections', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const before = await scrape();
      const presentBefore = sample(before, 'rollbook_presence_verifications_total{verdict="present"}') ?? 0;
      // The teacher's microphone heard the room's eight seconds; the upload arrives after them.
      const epochMs = t.clock.now().getTime();
      const sound = roomSound(11, 8);
      await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, epochMs));
      t.clock.set(new Date(epochMs + 8000));
      const res = await markAttendance(
        t.app,
        w.tokens.a1,
        markFields(w, epochMs + 1000),
        studentRecording(w.tone, sound, 1, epochMs),
      );
      expect(res.status).toBe(200);

      const socket = sockets.track(await openSocket(baseUrl));
      const text = await scrape();
      expect(sample(text, 'rollbook_presence_verifications_total{verdict="present"}')).toBe(
        presentBefore + 1,
      );
      expect(sample(text, 'rollbook_presence_queue_depth')).toBe(0);
      expect(sample(text, 'rollbook_presence_workers_busy')).toBe(0);
      expect(sample(text, 'rollbook_socket_connections')).toBe(1);

      socket.close();
      await vi.waitFor(async () => expect(sample(await scrape(), 'rollbook_socket_connections')).toBe(0), {
        timeout: WAIT_MS,
      });
    });
  });
});

describe('metrics without a token: off on the API port, or on a port of their own', () => {
  const t = useTestApp({ metricsToken: undefined, metricsPort: 0 });
  let server: Server | undefined;
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('answers 404 on /api/metrics, naming where metrics are served', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/metrics' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error: true,
      message: 'Metrics are served on its own port (METRICS_PORT)',
    });
  });

  it('serves GET /metrics on the metrics port, without a token', async () => {
    server = await startMetricsServer(t.app, '127.0.0.1', 0);
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('the metrics server is not listening');
    await call(t.app, { method: 'GET', url: '/api/health' });
    const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'rollbook_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(
      1,
    );
    expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);
  });
});
