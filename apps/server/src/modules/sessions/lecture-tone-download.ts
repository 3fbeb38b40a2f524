import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import {
  lectureToneFileBytes,
  lectureToneFilePieces,
  ToneSchedule,
  type FileFetch,
} from '@rollbook/presence';
import { AppError } from '../../lib/app-error';
import type { StoredSessionTone } from './session-tone';
import type { ToneDownload } from './tone-files';

/**
 * The original app's download of its lecture-long tone file (docs/decisions/presence-0029): which
 * clients get it, where in the schedule it starts, and the file itself, written as it is sent,
 * gzipped when the caller takes it, never kept.
 */

/**
 * Whether a download comes from a browser. The original web client is one: it decodes the whole file
 * into memory (an hour would be ~700 MB of samples), so it keeps the short loop, which the server
 * follows in its 48 kHz stream anyway. Everything else (the original app: Dart's HTTP client, which
 * saves the file and plays it from disk) gets the lecture-long file. Every browser sends a Mozilla
 * user agent, and current ones a Sec-Fetch-Mode.
 */
export function isBrowserDownload(headers: IncomingHttpHeaders): boolean {
  return headers['sec-fetch-mode'] !== undefined || /Mozilla\//.test(headers['user-agent'] ?? '');
}

/**
 * Whether a download gets the lecture-long file: a client that is not a browser and takes gzip, as
 * the original app's Dart HTTP client does by default. Sent plain, a long lecture's file would be
 * up to 432 MB on one request; gzipped it is about a quarter of that. Any other client gets the
 * short loop, 17 MB, which costs it the long file's protection but accepts nothing
 * (presence-0029, decision 1; presence-0030).
 */
export function takesLectureFile(headers: IncomingHttpHeaders): boolean {
  return !isBrowserDownload(headers) && acceptsGzip(headers);
}

/** Whether the caller takes gzip: named with a q above 0, or `*` when gzip is not named at all. */
function acceptsGzip(headers: IncomingHttpHeaders): boolean {
  const weights = new Map<string, number>();
  for (const part of (headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*');
  return gzip !== undefined && gzip > 0;
}

/**
 * How long a download starting at `firstChirp` lasts: what is left of the session's lecture-long
 * file from there (a rejoin late in the lecture fetches only the rest), at least 45 minutes unless the
 * file itself is shorter, in whole periods (both lengths are).
 */
export function remainingFileSeconds(lectureFileS: number, firstChirp: number, periodS: number): number {
  const whole = Math.round(lectureFileS / periodS);
  const left = whole - firstChirp;
  return Math.min(whole, Math.max(Math.round(MIN_DOWNLOAD_S / periodS), left)) * periodS;
}

const MIN_DOWNLOAD_S = 45 * 60;

// A teacher's app downloads once per join; more at once is a loop or a leaked name, and each costs
// CPU to write and gzip (~1.5 s for an hour's lecture).
const MAX_DOWNLOADS_AT_ONCE = 3;
const downloading = new Map<string, number>();

// A caller that stops reading (a phone gone out of range, a client that never drains) would hold
// its slot until TCP gives up, which can take a quarter of an hour; a download that moves no byte
// for this long is ended instead. A slow link still moves bytes every few seconds: the socket's
// buffer takes tens of kilobytes whenever the phone acknowledges anything.
const DOWNLOAD_STALL_MS = 90_000;

/**
 * The lecture-long file for a download requested `now`. It starts at the chirp then due, so that
 * a download later in the lecture (the app joins again) never replays the lecture's start, and lasts
 * what is left of the session's file (`remainingFileSeconds`); the download's record says where
 * (`fromS`) and how long (`loopS`). A HEAD gets the headers only.
 * Refused with 429 while `MAX_DOWNLOADS_AT_ONCE` of the same file are under way. A download
 * that moves no byte for `stallMs` (default {@link DOWNLOAD_STALL_MS}) is ended and frees its slot.
 */
export function lectureToneDownload(
  audioPath: string,
  tone: StoredSessionTone,
  lectureFileS: number,
  request: { method: string; headers: IncomingHttpHeaders },
  response: { readonly destroyed: boolean; once(event: 'close', listener: () => void): unknown },
  now: Date,
  stallMs: number = DOWNLOAD_STALL_MS,
): ToneDownload {
  const periodS = tone.config.periodS;
  const firstChirp = Math.max(0, Math.floor((now.getTime() - tone.epochMs) / 1000 / periodS));
  const seconds = remainingFileSeconds(lectureFileS, firstChirp, periodS);
  const gzip = acceptsGzip(request.headers);
  // Every download is another file (the schedule from the chirp then due): nothing to keep.
  const headers: Record<string, string> = { 'cache-control': 'private, no-store' };
  if (gzip) headers['content-encoding'] = 'gzip';
  else headers['content-length'] = String(lectureToneFileBytes(seconds));
  const kept = (requested: number, served: number, bytes: number): FileFetch => ({
    requestedMs: requested,
    servedMs: served,
    bytes,
    loopS: seconds,
    fromS: firstChirp * periodS,
  });
  if (request.method === 'HEAD') {
    // An empty stream, not an empty buffer: fastify then keeps the length the GET would send.
    return {
      status: 200,
      headers,
      body: Readable.from([]),
      counted: false,
      fetch: (requested, served) => kept(requested, served, 0),
    };
  }

  const active = downloading.get(audioPath) ?? 0;
  if (active >= MAX_DOWNLOADS_AT_ONCE) {
    throw new AppError('too_many_requests', 'This tone is already being downloaded. Try again in a minute.');
  }
  // A caller gone while the session was read (its 'close' already past) takes no slot.
  if (response.destroyed) {
    return { status: 200, headers, body: Readable.from([]), counted: false, fetch: (r, s) => kept(r, s, 0) };
  }
  downloading.set(audioPath, active + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (downloading.get(audioPath) ?? 1) - 1;
    if (left > 0) downloading.set(audioPath, left);
    else downloading.delete(audioPath);
  };
  response.once('close', release);

  const schedule = new ToneSchedule(tone.keyHex, tone.config);
  const pieces = Readable.from(lectureToneFilePieces(schedule, seconds, { firstChirp }), {
    objectMode: false,
  });
  let sent = 0;
  let stall: NodeJS.Timeout | undefined;
  const counted: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      watchForStall();
      done(null, chunk);
    },
  });
  // The transform runs only when the caller has taken what was before (backpressure), so a chunk
  // through it is progress. Destroying the stream tears the pipeline and the reply down.
  const watchForStall = () => {
    clearTimeout(stall);
    stall = setTimeout(() => counted.destroy(new Error('tone download stalled')), stallMs);
    stall.unref();
  };
  watchForStall();
  // A download cut short destroys the reply, which tears the pipeline down; fastify logs any error.
  // Written or torn down, the slot is free again (the response's 'close' may come later, or not).
  const settled = () => {
    clearTimeout(stall);
    release();
  };
  // Level 1: on this signal it keeps ~97 % of level 6's gain for two thirds of its CPU.
  if (gzip) pipeline(pieces, createGzip({ level: 1 }), counted, settled);
  else pipeline(pieces, counted, settled);
  return {
    status: 200,
    headers,
    body: counted,
    counted: true,
    fetch: (requested, served) => kept(requested, served, sent),
  };
}
