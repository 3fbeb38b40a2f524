import type { LiveStore } from '../../plugins/app/live-store';

const RIFF = [0x52, 0x49, 0x46, 0x46];
const isWav = (bytes: Uint8Array) => RIFF.every((b, i) => bytes[i] === b);

/**
 * The server time of a teacher chunk's stamp (start for raw PCM, end for WAV, as the engine
 * expects). A chunk's `timestamp` comes from the teacher's device (our web client: the chunk's
 * start; the original client's WAV chunks: their end), whose clock may be off by seconds; what the
 * server knows for sure is when each chunk arrived, and a chunk cannot arrive before it was over.
 * The smallest (arrival - device end) seen in the session, kept in the live store across sockets
 * and instances, is the device's clock offset plus the quickest delivery: added to every stamp, it
 * keeps the stream's own spacing (a burst flushed after a reconnect is not squeezed together) while
 * anchoring it to server time. Only a session's very first chunks, if they arrive in a burst, are
 * placed late (by the burst's age).
 */
export async function chunkServerTime(
  store: LiveStore,
  sessionId: string,
  chunk: { deviceStampMs: number; bytes: Uint8Array; arrivalMs: number },
  keepMs: number,
): Promise<number> {
  // Raw chunks hold one second and are stamped at their start; WAV chunks at their end.
  const deviceEndMs = isWav(chunk.bytes) ? chunk.deviceStampMs : chunk.deviceStampMs + 1000;
  const offsetMs = await store.lowerTeacherClockOffset(sessionId, chunk.arrivalMs - deviceEndMs, keepMs);
  return Math.round(chunk.deviceStampMs + offsetMs);
}
