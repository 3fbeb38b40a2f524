import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import {
  encodeScheduleFile,
  lectureToneFileBytes,
  lectureToneFilePieces,
  LoopedSchedule,
  ToneSchedule,
} from '@rollbook/presence';
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
 * The original client's tone file: the session's secret schedule from its epoch, `fileLoopS` long,
 * as a plain 16-bit 48 kHz WAV with no parameters in it. Rendered on first fetch (our web client
 * synthesises the tone live and reads only the file's start, to time its link) and kept on this
 * instance's disk; another instance renders its own identical copy from the stored key.
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

/**
 * Whether a download of the tone file comes from a browser (presence-0029). The original web client
 * is one: it decodes the whole file into memory (an hour would be ~700 MB of samples), so it gets
 * the short loop, and the server follows that loop in its 48 kHz stream anyway. Everything else
 * (the original app: Dart's HTTP client, which saves the file and plays it from disk) gets the
 * lecture-long file. Every browser sends a Mozilla user agent, and current ones a Sec-Fetch-Mode.
 */
export function isBrowserDownload(headers: IncomingHttpHeaders): boolean {
  return headers['sec-fetch-mode'] !== undefined || /Mozilla\//.test(headers['user-agent'] ?? '');
}

/** Whether the caller takes a gzipped body (and did not refuse it with q=0). */
function acceptsGzip(headers: IncomingHttpHeaders): boolean {
  const accepted = String(headers['accept-encoding'] ?? '');
  return accepted.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

/** The lecture-long file as a response body, and how many bytes of it have gone on the wire. */
export interface LectureFileBody {
  body: Readable;
  headers: Record<string, string>;
  wireBytes(): number;
}

/**
 * The original app's lecture-long tone file (presence-0029), written while it is sent: 8-bit PCM
 * whose silences gzip to nothing (a quarter of the size on the wire when the caller takes gzip,
 * as Dart's HTTP client does by default), never stored. `lectureFileS` of the session's schedule
 * from its epoch.
 */
export function lectureToneFileBody(
  tone: StoredSessionTone & { lectureFileS: number },
  requestHeaders: IncomingHttpHeaders,
): LectureFileBody {
  const schedule = new ToneSchedule(tone.keyHex, tone.config);
  const pieces = Readable.from(lectureToneFilePieces(schedule, tone.lectureFileS), { objectMode: false });
  let sent = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  const headers: Record<string, string> = {};
  const onError = () => undefined; // a download cut short: the reply is gone, nothing to tell
  if (acceptsGzip(requestHeaders)) {
    // Level 1: on this signal it keeps ~97 % of level 6's gain at two thirds of its CPU.
    pipeline(pieces, createGzip({ level: 1 }), counted, onError);
    headers['content-encoding'] = 'gzip';
  } else {
    pipeline(pieces, counted, onError);
    headers['content-length'] = String(lectureToneFileBytes(tone.lectureFileS));
  }
  return { body: counted, headers, wireBytes: () => sent };
}
