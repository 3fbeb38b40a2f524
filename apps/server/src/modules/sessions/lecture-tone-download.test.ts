import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULE_CONFIG, lectureToneFilePieces, ToneSchedule } from '@rollbook/presence';
import { AppError } from '../../lib/app-error';
import { APP_DOWNLOAD, BROWSER_FETCH } from '../../testing/tone-downloads';
import { isBrowserDownload, lectureToneDownload, remainingFileSeconds } from './lecture-tone-download';
import type { StoredSessionTone } from './session-tone';

const tone: StoredSessionTone = {
  version: 2,
  keyHex: '3c'.repeat(32),
  config: { ...DEFAULT_SCHEDULE_CONFIG },
  epochMs: Date.UTC(2026, 10, 30, 9, 0),
  fileLoopS: 180,
  lectureFileS: 60,
};

async function bytesOf(body: Readable | Uint8Array): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body);
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A response as the route passes it: a 'close' to listen for, and whether it is already gone. */
const aResponse = (destroyed = false) => Object.assign(new EventEmitter(), { destroyed });

let downloads = 0;
/** A download `at` ms into the lecture, of its own file unless `path` says which. */
function download(
  headers: Record<string, string>,
  at: number,
  { method = 'GET', response = aResponse(), path = `tones/t${downloads++}.wav`, stallMs = 60_000 } = {},
) {
  return lectureToneDownload(
    path,
    tone,
    60,
    { method, headers },
    response,
    new Date(tone.epochMs + at),
    stallMs,
  );
}

/** Resolves with the error a stream is destroyed with (null when it ends cleanly). */
const ended = (stream: Readable) =>
  new Promise<Error | null>((resolve) => {
    stream.once('error', resolve);
    stream.once('close', () => resolve(null));
  });

describe("the original app's lecture-long download (presence-0029)", () => {
  it('tells browsers (the original web client) from the app', () => {
    expect(isBrowserDownload(BROWSER_FETCH)).toBe(true);
    expect(
      isBrowserDownload({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }),
    ).toBe(true);
    expect(isBrowserDownload({ 'sec-fetch-mode': 'no-cors' })).toBe(true);
    expect(isBrowserDownload(APP_DOWNLOAD)).toBe(false);
    expect(isBrowserDownload({})).toBe(false);
  });

  it('starts at the chirp due when it is asked for, gzipped when the caller takes it', async () => {
    const at = 10 * 60_000 + 123; // ten minutes into the lecture
    const got = download(APP_DOWNLOAD, at);
    expect(got.headers['content-encoding']).toBe('gzip');
    const file = gunzipSync(await bytesOf(got.body));
    const firstChirp = 1500; // 600 s / 0.4 s
    const expected = Buffer.concat([
      ...lectureToneFilePieces(new ToneSchedule(tone.keyHex, tone.config), 60, { firstChirp }),
    ]);
    expect(file.equals(expected)).toBe(true);
    const kept = got.fetch(1, 2);
    expect(kept).toMatchObject({ requestedMs: 1, servedMs: 2, loopS: 60 });
    expect(kept.fromS).toBeCloseTo(600, 9);
    expect(kept.bytes).toBeGreaterThan(0);
    expect(kept.bytes).toBeLessThan(file.length / 2);
  });

  it.each([
    ['gzip;q=0, *', false],
    ['x-gzip', true],
    ['*', true],
    ['br', false],
    ['deflate, gzip;q=0.5', true],
  ])('reads Accept-Encoding %j as gzip: %s', async (accept, gzip) => {
    const got = download({ ...APP_DOWNLOAD, 'accept-encoding': accept }, 0);
    expect(got.headers['content-encoding'] === 'gzip').toBe(gzip);
    const bytes = await bytesOf(got.body);
    if (!gzip) expect(bytes.length).toBe(Number(got.headers['content-length']));
  });

  it('lasts what is left of the session file, at least 45 minutes, never longer than the file', () => {
    expect(remainingFileSeconds(4500, 0, 0.4)).toBeCloseTo(4500, 9);
    expect(remainingFileSeconds(4500, 1500, 0.4)).toBeCloseTo(3900, 9); // a rejoin 10 minutes in
    expect(remainingFileSeconds(4500, 10_000, 0.4)).toBeCloseTo(2700, 9); // past its end: 45 minutes
    expect(remainingFileSeconds(60, 1500, 0.4)).toBeCloseTo(60, 9);
  });

  it('takes no slot for a caller already gone', () => {
    const path = 'tones/gone.wav';
    for (let i = 0; i < 5; i++) download(APP_DOWNLOAD, 0, { response: aResponse(true), path });
    // The five gone callers left all three slots free: three live downloads are served at once,
    // and only a fourth is refused.
    const bodies = [aResponse(), aResponse(), aResponse()].map(
      (response) => download(APP_DOWNLOAD, 0, { response, path }).body as Readable,
    );
    expect(() => download(APP_DOWNLOAD, 0, { path })).toThrow(AppError);
    for (const body of bodies) body.destroy();
  });

  it('answers a HEAD without writing the file', async () => {
    const got = download({ 'user-agent': 'Dart/3.5 (dart:io)' }, 0, { method: 'HEAD' });
    expect(got.body).not.toBeInstanceOf(Uint8Array);
    expect(Number(got.headers['content-length'])).toBe(44 + 60 * 48000);
    expect((await bytesOf(got.body)).length).toBe(0);
  });

  it('refuses a fourth download of the same file at once, and takes one again when one has closed', () => {
    const responses = [aResponse(), aResponse(), aResponse()];
    const path = 'tones/busy.wav';
    const bodies = responses.map(
      (response) => download(APP_DOWNLOAD, 0, { response, path }).body as Readable,
    );
    expect(() => download(APP_DOWNLOAD, 0, { path })).toThrow(AppError);
    const other = download(APP_DOWNLOAD, 0).body as Readable; // another session's file: not counted
    responses[0]!.emit('close');
    const again = download(APP_DOWNLOAD, 0, { path }).body as Readable;
    for (const body of [...bodies, again, other]) body.destroy();
  });

  describe('a download that stops moving', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => vi.useRealTimers());
    // Plain, not gzipped: gzip runs on libuv's threads, whose chunks would arrive at real times
    // between the fake timer's steps.
    const PLAIN = { 'user-agent': 'Dart/3.5 (dart:io)' };
    /** Lets the pipeline fill its buffers (streams move on ticks and promises, not timers). */
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    it('is ended after the stall time, which frees its slot', async () => {
      const path = 'tones/stalled.wav';
      const stalled = [0, 1, 2].map(() => download(PLAIN, 0, { path, stallMs: 1000 }).body as Readable);
      const errors = Promise.all(stalled.map(ended));
      await settle();
      await vi.advanceTimersByTimeAsync(999);
      expect(stalled.some((body) => body.destroyed)).toBe(false);
      expect(() => download(APP_DOWNLOAD, 0, { path })).toThrow(AppError);
      await vi.advanceTimersByTimeAsync(1);
      for (const error of await errors) expect(error?.message).toBe('tone download stalled');
      const again = download(APP_DOWNLOAD, 0, { path }).body as Readable;
      again.destroy();
    });

    it('is kept while its reader takes bytes, however slowly', async () => {
      const body = download(PLAIN, 0, { stallMs: 1000 }).body as Readable;
      let taken = 0;
      // Nine reads 900 ms apart: 8.1 s in all, never 1 s without progress.
      for (let i = 0; i < 9; i++) {
        await vi.advanceTimersByTimeAsync(900);
        const chunk = body.read() as Buffer | null;
        expect(chunk).not.toBeNull();
        taken += chunk?.length ?? 0;
        await settle();
      }
      expect(body.destroyed).toBe(false);
      expect(taken).toBeGreaterThan(0);
      body.destroy();
    });
  });
});
