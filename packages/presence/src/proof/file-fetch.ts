/**
 * When the original client started its looped tone file, inferred from when the server served it
 * (presence-0024). The original app streams its microphone at 16 kHz, which cannot hear the file,
 * so its download is all the server can know of the file's phase; without it any phase of the
 * loop would be allowed and a copy of the file played at home would fit somewhere.
 */

/** One download of the tone file, in server time. */
export interface FileFetch {
  /** When the request arrived. */
  requestedMs: number;
  /** When the last byte was handed to the network (the response's `finish`). */
  servedMs: number;
  /** Bytes on the wire (gzipped, when the file was sent so). */
  bytes: number;
  /** How long the file served was (the app's lecture-long file, or the short loop); absent: the short loop. */
  loopS?: number;
  /** Schedule time of the file's first sample (the lecture-long file starts at the chirp then due); absent: 0. */
  fromS?: number;
}

/**
 * The most the original clients take from the last byte to the first sample played: the web
 * client decodes the file and starts it, the app saves it and opens a player; both well under 2 s
 * (the evaluation corpus draws 0.3-2 s).
 */
export const FILE_PLAY_DELAY_MAX_MS = 2500;

// The most the network path may still hold when the server has written the last byte: a send
// buffer at the ceiling of Linux's default tcp_wmem (4 MiB), twice for a reverse proxy that passes
// the download on unbuffered (the route asks it to); the client receives it at its download speed.
const SEND_BUFFER_BYTES = 8 * 1024 * 1024;
// The slowest download speed allowed: a file the buffer could take whole gives no speed of its own.
const SLOWEST_BYTES_PER_MS = 125; // 1 Mbit/s

/**
 * Server-time bounds on the file's first played sample after a download: not before the last byte
 * left, and at most the path's drain plus the clients' start delay after it. The first buffer-full
 * leaves at once and the rest at the link's speed, so the link's speed is (bytes − buffer) over the
 * download's duration (at least the slowest allowed), and what the buffer still holds drains at it.
 */
export function fileStartFromFetch(fetch: FileFetch): { min: number; max: number } {
  const durationMs = Math.max(1, fetch.servedMs - fetch.requestedMs);
  const paced = Math.max(0, fetch.bytes - SEND_BUFFER_BYTES);
  const bytesPerMs = Math.max(SLOWEST_BYTES_PER_MS, paced / durationMs);
  const drainMs = Math.min(Math.max(0, fetch.bytes), SEND_BUFFER_BYTES) / bytesPerMs;
  return { min: fetch.servedMs, max: fetch.servedMs + drainMs + FILE_PLAY_DELAY_MAX_MS };
}
