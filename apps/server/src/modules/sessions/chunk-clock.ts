const RIFF = [0x52, 0x49, 0x46, 0x46];
const isWav = (bytes: Uint8Array) => RIFF.every((b, i) => bytes[i] === b);

/**
 * Places a teacher's chunks on the server's clock. A chunk's `timestamp` comes from the teacher's
 * device (our web client: the chunk's start; the original client's WAV chunks: their end), whose
 * clock may be off by seconds; what the server knows for sure is when each chunk arrived, and a
 * chunk cannot arrive before it was over. The smallest (arrival - device end) seen so far is the
 * device's clock offset plus the quickest delivery: applied to every stamp, it keeps the stream's
 * own spacing (a burst delivered late after a network stall is not squeezed together) while
 * anchoring it to server time. One per teacher socket; a reconnect starts a new estimate.
 */
export class ChunkClock {
  private offsetMs: number | null = null;

  /** The server time of a chunk's stamp (start for raw PCM, end for WAV, as the engine expects). */
  serverTime(deviceStampMs: number, bytes: Uint8Array, arrivalMs: number): number {
    // Raw chunks hold one second and are stamped at their start; WAV chunks at their end.
    const deviceEndMs = isWav(bytes) ? deviceStampMs : deviceStampMs + 1000;
    const seen = arrivalMs - deviceEndMs;
    if (this.offsetMs === null || seen < this.offsetMs) this.offsetMs = seen;
    return Math.round(deviceStampMs + this.offsetMs);
  }
}
