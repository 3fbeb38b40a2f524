import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lectureSessions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { startLiveWorld, type StartedLiveWorld } from '../../testing/live-fixture';
import { APP_DOWNLOAD, BROWSER_FETCH } from '../../testing/tone-downloads';
import { waitUntil } from '../../testing/wait';
import { createMemoryThrottleStore } from '../../plugins/app/throttle-store-memory';
import { TONE_FILE_LOOP_S } from './session-tone';
import { createToneDownloadLimits, TONE_DOWNLOAD_LIMITS } from './tone-download-limits';
import { singleRange } from './tone-files';

/** The short loop on the wire: a 44-byte header and 16-bit samples at 48 kHz. */
const SHORT_LOOP_BYTES = 44 + TONE_FILE_LOOP_S * 48000 * 2;

describe('the tone file is bounded per request and per client (presence-0030)', () => {
  const t = useTestApp();
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  beforeEach(() => t.clock.set(new Date(epochMs + 8000)));

  const get = (
    w: StartedLiveWorld,
    headers: Record<string, string>,
    opts: { method?: 'GET' | 'HEAD'; from?: string } = {},
  ) =>
    t.app.inject({
      method: opts.method ?? 'GET',
      url: `/api/media/${w.audioUrl}`,
      headers,
      remoteAddress: opts.from ?? '203.0.113.7',
    });

  const keptFetches = async (w: StartedLiveWorld) => {
    const [row] = await t.db
      .select({ toneParams: lectureSessions.toneParams })
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, w.sessionId));
    return ((row!.toneParams as { fileFetches?: unknown[] }).fileFetches ?? []) as Array<{
      requestedMs: number;
      bytes: number;
    }>;
  };

  it('lets a browser keep the short loop: a rejoin with a current copy gets a 304 with no body, kept as a play', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const first = await get(w, BROWSER_FETCH);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.length).toBe(SHORT_LOOP_BYTES);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');

    t.clock.set(new Date(epochMs + 60_000));
    const again = await get(w, { ...BROWSER_FETCH, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The play from the browser's own copy bounds the file's start like a download of no bytes.
    await waitUntil(
      async () => (await keptFetches(w)).some((f) => f.requestedMs === epochMs + 60_000),
      'the revalidation was not kept',
    );
    expect((await keptFetches(w)).map((f) => f.bytes)).toEqual([SHORT_LOOP_BYTES, 0]);
    // Another session's validator is not this one's.
    const other = await startLiveWorld(t.app, t.db);
    expect((await get(other, { ...BROWSER_FETCH, 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('sends a client that takes no gzip the short loop, never the plain lecture-long file', async () => {
    const w = await startLiveWorld(t.app, t.db);
    // A long lecture's plain file was up to 432 MB on one request.
    const plain = await get(w, { 'user-agent': APP_DOWNLOAD['user-agent'] }, { method: 'HEAD' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(SHORT_LOOP_BYTES);
    // The original app (Dart's client takes gzip) still gets the lecture-long file.
    const app = await get(w, APP_DOWNLOAD, { method: 'HEAD' });
    expect(app.headers['content-encoding']).toBe('gzip');
    expect(app.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a client a file beyond its allowance within ten minutes with a clear 429, not HEADs, revalidations or probes', async () => {
    const w = await startLiveWorld(t.app, t.db);
    // The app's file as a 4-minute one: a lecture's is tens of megabytes to write and gzip here.
    await t.db
      .update(lectureSessions)
      .set({
        toneParams: sql`jsonb_set(${lectureSessions.toneParams}, '{lectureFileS}', to_jsonb(240::float8))`,
      })
      .where(eq(lectureSessions.sessionId, w.sessionId));
    const { max, windowMs } = TONE_DOWNLOAD_LIMITS.perClient;
    let etag = '';
    for (let i = 0; i < max; i += 1) {
      // Two of the app's (gzipped, slow to write here), the rest the browser's.
      const res = await get(w, i < 2 ? APP_DOWNLOAD : BROWSER_FETCH);
      expect(res.statusCode, `download ${i + 1}`).toBe(200);
      etag ||= res.headers.etag as string;
    }
    // Free: headers only, the browser's current copy, our web app's link probe.
    expect((await get(w, BROWSER_FETCH, { method: 'HEAD' })).statusCode).toBe(200);
    expect((await get(w, { ...BROWSER_FETCH, 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(w, { ...BROWSER_FETCH, range: 'bytes=0-98303' })).statusCode).toBe(206);

    for (const headers of [BROWSER_FETCH, APP_DOWNLOAD]) {
      const refused = await get(w, headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        data: null,
        error: true,
        message: 'This tone file has been downloaded too often. Try again in 10 minutes.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000);
    }
    // A part as big as the file is a download too, and so is any part past the probe's head: the
    // file cannot be taken whole in uncounted slices.
    expect((await get(w, { ...BROWSER_FETCH, range: 'bytes=0-' })).statusCode).toBe(429);
    expect((await get(w, { ...BROWSER_FETCH, range: 'bytes=131072-262143' })).statusCode).toBe(429);
    expect((await get(w, { ...BROWSER_FETCH, range: 'bytes=0-1048575' })).statusCode).toBe(429);
    // Another client is not held back, and the first one may again once its window has passed.
    expect((await get(w, BROWSER_FETCH, { from: '198.51.100.4' })).statusCode).toBe(200);
    t.clock.set(new Date(epochMs + 8000 + windowMs + 1000));
    expect((await get(w, BROWSER_FETCH)).statusCode).toBe(200);
  });
});

describe('the tone download limits', () => {
  it('caps one file across clients, and a refusal there spends nothing of the client’s own allowance', async () => {
    let now = 0;
    const limits = createToneDownloadLimits(createMemoryThrottleStore(), () => now, {
      perClient: { max: 2, windowMs: 1000 },
      perFile: { max: 3, windowMs: 10_000 },
    });
    expect(await limits.count('a.wav', '10.0.0.1')).toBe(0);
    expect(await limits.count('a.wav', '10.0.0.2')).toBe(0);
    expect(await limits.count('a.wav', '10.0.0.3')).toBe(0);
    now = 100;
    expect(await limits.count('a.wav', '10.0.0.4')).toBe(9900);
    // Another file is counted on its own.
    expect(await limits.count('b.wav', '10.0.0.4')).toBe(0);
    expect(await limits.count('b.wav', '10.0.0.4')).toBe(0);
    expect(await limits.count('b.wav', '10.0.0.4')).toBe(1000);
    // IPv6 clients by their /64.
    expect(await limits.count('c.wav', '2001:db8::1')).toBe(0);
    expect(await limits.count('c.wav', '2001:db8::2')).toBe(0);
    expect(await limits.count('c.wav', '2001:db8::3')).toBe(1000);
    now = 10_001;
    expect(await limits.count('a.wav', '10.0.0.4')).toBe(0);
    expect(await limits.count('a.wav', '10.0.0.4')).toBe(0);
  });

  it('reads one byte range, and leaves anything else to the whole file', () => {
    expect(singleRange('bytes=0-98303', 1000)).toEqual({ start: 0, end: 999 });
    expect(singleRange('bytes=10-19', 1000)).toEqual({ start: 10, end: 19 });
    expect(singleRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(singleRange('bytes=990-', 1000)).toEqual({ start: 990, end: 999 });
    for (const other of [
      undefined,
      '',
      'bytes=0-1,5-6',
      'bytes=2000-',
      'bytes=5-1',
      'items=0-1',
      'bytes=-',
    ]) {
      expect(singleRange(other, 1000)).toBeNull();
    }
  });
});
