import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { encodeScheduleFile, LoopedSchedule, ToneSchedule, type FileFetch } from '@rollbook/presence';
import { TONES_FOLDER } from '@rollbook/contract';
import { newSlug } from '../../db/schema/columns';
import type { StoredSessionTone } from './session-tone';

/** Folder of session tones inside the media folder; `audio_url` values start with it. */
export { TONES_FOLDER };

/** Where a tone lives on disk, or null for a path that is not a tone file name. */
function tonePath(mediaDir: string, audioPath: string): string | null {
  const match = /^tones\/([A-Za-z0-9_-]{10,64})\.wav$/.exec(audioPath);
  return match ? path.join(mediaDir, TONES_FOLDER, `${match[1]}.wav`) : null;
}

/** A new unguessable `audio_url` (128 random bits) for a session's tone file. */
export function newToneAudioPath(): string {
  return `${TONES_FOLDER}/${newSlug()}.wav`;
}

// One rendering per file at a time: the first fetches of a session may race (several instances
// render their own copy; that only costs CPU).
const rendering = new Map<string, Promise<Uint8Array>>();

/**
 * The short loop, the tone file a browser gets (the original web client; the original app gets the
 * lecture-long file, lecture-tone-download.ts): the session's secret schedule from its epoch,
 * `fileLoopS` long, as a plain 16-bit 48 kHz WAV with no parameters in it. Rendered on first fetch
 * (our web client synthesises the tone live and reads only the file's start, to time its link) and
 * kept on this instance's disk; another instance renders its own identical copy from the stored key.
 */
export async function readToneFile(
  mediaDir: string,
  audioPath: string,
  tone: StoredSessionTone,
): Promise<Uint8Array | null> {
  const file = tonePath(mediaDir, audioPath);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch {
    const pending = rendering.get(file);
    if (pending) return pending;
    const render = (async () => {
      const loop = new LoopedSchedule(new ToneSchedule(tone.keyHex, tone.config), tone.fileLoopS);
      const wav = encodeScheduleFile(loop, tone.fileLoopS);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a concurrent reader never sees half a file.
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, wav);
      await rename(partial, file);
      return wav;
    })().finally(() => rendering.delete(file));
    rendering.set(file, render);
    return render;
  }
}

/** One download of a tone file: its status, headers and body, and what to keep of it once it has all gone. */
export interface ToneDownload {
  /** 200; 206 for a part of the short loop; 304 when the caller's copy of it is current. */
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | Readable;
  /**
   * Whether the answer sends a file worth counting against the download limits
   * (tone-download-limits.ts): not a HEAD, a 304 or a small part such as our web app's probe.
   */
  counted: boolean;
  /** The download as tone-file-fetches.ts keeps it, once its last byte has left. */
  fetch(requestedMs: number, servedMs: number): FileFetch;
}

/**
 * A part of the file's head this small (our web app's link probe reads 96 KiB) is not counted as a
 * download; any other part is, so the file cannot be taken whole in uncounted slices.
 */
export const UNCOUNTED_PART_BYTES = 128 * 1024;

/**
 * The short loop's validator: the same for every download of one session's file, which is the
 * same file (a new session gets a new name and key). Derived from what renders the file, so it
 * needs no read of it; a hash, so it says nothing of the key.
 */
export function shortLoopEtag(audioPath: string, tone: StoredSessionTone): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([audioPath, tone.keyHex, tone.epochMs, tone.fileLoopS, tone.config]))
    .digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag` (weakly, as RFC 9110 compares it for GET), or is `*`. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** One satisfiable `bytes=` range of a file `length` long, or null (several ranges, or nonsense: the whole file). */
export function singleRange(
  range: string | undefined,
  length: number,
): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last n bytes.
    start = Math.max(0, length - Number(match[2]));
    end = length - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? length - 1 : Math.min(Number(match[2]), length - 1);
  }
  if (start > end || start >= length) return null;
  return { start, end };
}

/**
 * The short loop (the original web client's file) as a download, or null for a name that is not a
 * tone file. It is one file for the whole session, so a browser may keep it: it is validated
 * (`no-cache` with an ETag), and a rejoin whose copy is current gets a 304 with no body. The server
 * still sees every play, and serves only while the session is live. A `Range` gets just that part
 * (our web app's link probe reads the first 96 KiB).
 */
export async function shortLoopDownload(
  mediaDir: string,
  audioPath: string,
  tone: StoredSessionTone,
  request: { method: string; headers: IncomingHttpHeaders },
): Promise<ToneDownload | null> {
  const etag = shortLoopEtag(audioPath, tone);
  const headers: Record<string, string> = {
    etag,
    'cache-control': 'private, no-cache',
    'accept-ranges': 'bytes',
  };
  const head = request.method === 'HEAD';
  // A current copy is answered before the file is read: a revalidation costs no disk or memory.
  if (request.headers.range === undefined && matchesEtag(request.headers['if-none-match'], etag)) {
    // The caller plays its own copy from its start now: a download of no bytes.
    return {
      status: 304,
      headers,
      body: Buffer.alloc(0),
      counted: false,
      fetch: (requestedMs, servedMs) => ({ requestedMs, servedMs, bytes: 0 }),
    };
  }
  const wav = await readToneFile(mediaDir, audioPath, tone);
  if (!wav) return null;
  const range = singleRange(request.headers.range, wav.length);
  if (range !== null) {
    const part = Buffer.from(wav.buffer, wav.byteOffset + range.start, range.end - range.start + 1);
    return {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${wav.length}` },
      body: part,
      // Only the probe's part (the file's head) is free: parts elsewhere would add up to the file.
      counted: !head && (range.start > 0 || part.length > UNCOUNTED_PART_BYTES),
      fetch: (requestedMs, servedMs) => ({ requestedMs, servedMs, bytes: part.length }),
    };
  }
  return {
    status: 200,
    headers,
    body: Buffer.from(wav.buffer, wav.byteOffset, wav.length),
    counted: !head,
    fetch: (requestedMs, servedMs) => ({ requestedMs, servedMs, bytes: wav.length }),
  };
}

/** How long a rendered short loop is kept on an instance's disk after it was written. */
export const TONE_FILE_KEPT_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes this instance's rendered short loops written more than `keptMs` before `nowMs`. Every
 * session renders one (our web app's link probe reads its first bytes), 17 MB each, so a college
 * would otherwise gain gigabytes a day. Deleting is always safe: a live session's file is rendered
 * again from its key on its next fetch. Returns how many files went.
 */
export async function sweepToneFiles(
  mediaDir: string,
  nowMs: number,
  keptMs = TONE_FILE_KEPT_MS,
): Promise<number> {
  const folder = path.join(mediaDir, TONES_FOLDER);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0; // no tone rendered here yet
  }
  let deleted = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || nowMs - info.mtimeMs <= keptMs) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
