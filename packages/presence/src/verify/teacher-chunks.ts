import { PresenceInputError } from '../errors';
import { BAND_COUNT, FRAME_S, bandEnvelopes } from '../metrics/band-envelopes';
import { decodeTeacherChunk, isRiff } from '../wav/decode-teacher-chunk';

/** One teacher microphone chunk as received on the socket (`incoming_audio_chunks`). */
export interface TeacherChunk {
  /** Epoch ms: the chunk's start for raw PCM (web client), its send time = end for WAV (Flutter). */
  timestampMs: number;
  bytes: Uint8Array;
  /**
   * The chunk's ambient features (`bandEnvelopes` of its samples at its rate), when they were
   * computed before its bytes were reduced to the bands the other checks read (a server's stored
   * chunks, `stored-teacher-chunk.ts`); the feature grid uses them instead of the bytes.
   */
  ambient?: Float32Array;
  /**
   * Set on a stored chunk whose band was not kept, only its features (`stored-teacher-chunk.ts`):
   * its bytes are silence standing in for audio nobody kept, so readers of the audio (tone level,
   * file phase, two-way challenge) treat it as a gap in the teacher's stream.
   */
  bandDropped?: true;
}

const CHUNK_MS = 1000;
const FRAME_MS = FRAME_S * 1000;
// Flutter stamps chunks with their send time, which jitters; a chunk this close to where the
// previous one ended is treated as contiguous with it.
const CONTIGUITY_TOLERANCE_MS = 250;

/**
 * Selects the chunks the verifier needs for a recording that started at `startMs` (student clock)
 * and lasted `durationMs`, allowing `skewMs` of clock difference either way. A chunk is kept when
 * any second it could cover (timestamps may mark its start or its end) overlaps that window. The
 * server uses it to decide which chunks of its ring buffer to pass to `verifyPresence`.
 */
export function teacherWindow(
  chunks: readonly TeacherChunk[],
  startMs: number,
  durationMs: number,
  skewMs: number,
): TeacherChunk[] {
  const from = startMs - skewMs;
  const to = startMs + durationMs + skewMs;
  return chunks.filter(
    (c) => c.bytes.length > 0 && c.timestampMs - CHUNK_MS < to && c.timestampMs + CHUNK_MS > from,
  );
}

/** Feature frames of the teacher audio on a 20 ms grid starting at `gridStartMs`. */
export interface TeacherFeatureGrid {
  gridStartMs: number;
  frames: number;
  /** Band energies, frame-major (see `bandEnvelopes`); undefined frames hold 0. */
  values: Float32Array;
  /** 1 where a chunk supplied the frame. */
  valid: Uint8Array;
  /** Chunks that could not be decoded and were skipped. */
  rejectedChunks: number;
}

const cache = new Map<string, Float32Array>();
const CACHE_LIMIT = 256;

/** A cheap key telling chunks apart (timestamp, length and a hash of a sparse sample of the bytes). */
export function chunkKey(chunk: TeacherChunk): string {
  // FNV-1a over a sparse sample of the bytes: with the timestamp and length in the key this is
  // plenty to tell chunks apart, and it costs microseconds.
  let h = 0x811c9dc5;
  const b = chunk.bytes;
  for (let i = 0; i < b.length; i += 7) {
    h ^= b[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return `${chunk.timestampMs}:${b.length}:${h >>> 0}`;
}

function modalRawRate(chunks: readonly TeacherChunk[]): number | undefined {
  const counts = new Map<number, number>();
  for (const c of chunks) {
    if (c.bytes.length === 0 || isRiff(c.bytes)) continue;
    counts.set(c.bytes.length / 2, (counts.get(c.bytes.length / 2) ?? 0) + 1);
  }
  let best: number | undefined;
  let bestCount = 0;
  for (const [rate, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && rate > best)) {
      best = rate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Decodes the chunks and lays their feature frames on one time grid. Chunks are placed by
 * timestamp (start for raw, end minus duration for WAV); chunks that nearly continue the previous
 * one are snapped to it. Undecodable chunks are skipped, not fatal: one bad chunk must not fail a
 * student. Per-chunk features are cached (keyed by timestamp, length and a hash) because every
 * student of a session is compared with the same chunks.
 */
export function teacherFeatureGrid(
  chunks: readonly TeacherChunk[],
  gridStartMs: number,
  frames: number,
  useCache = true,
): TeacherFeatureGrid {
  const values = new Float32Array(frames * BAND_COUNT);
  const valid = new Uint8Array(frames);
  const rawRate = modalRawRate(chunks);
  let rejectedChunks = 0;
  let expectedNextMs = Number.NaN;
  const sorted = [...chunks].filter((c) => c.bytes.length > 0).sort((a, b) => a.timestampMs - b.timestampMs);
  const gridEndMs = gridStartMs + frames * FRAME_MS;
  for (const chunk of sorted) {
    // Skip chunks that cannot reach the grid before paying for their decoding and features.
    const roughStartMs = isRiff(chunk.bytes) ? chunk.timestampMs - CHUNK_MS : chunk.timestampMs;
    if (
      roughStartMs - CONTIGUITY_TOLERANCE_MS >= gridEndMs ||
      roughStartMs + CHUNK_MS + CONTIGUITY_TOLERANCE_MS <= gridStartMs
    ) {
      continue;
    }
    let features: Float32Array | undefined;
    let durationMs = CHUNK_MS;
    const key = useCache ? chunkKey(chunk) : '';
    const wav = isRiff(chunk.bytes);
    try {
      features = chunk.ambient ?? (useCache ? cache.get(key) : undefined);
      if (!features) {
        const assumed =
          !wav && rawRate !== undefined && chunk.bytes.length / 2 < rawRate ? rawRate : undefined;
        const audio = decodeTeacherChunk(chunk.bytes, assumed);
        features = bandEnvelopes(audio.samples, audio.sampleRate);
        if (useCache) {
          if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
          cache.set(key, features);
        }
      }
    } catch (err) {
      if (err instanceof PresenceInputError) {
        rejectedChunks++;
        continue;
      }
      throw err;
    }
    const chunkFrames = features.length / BAND_COUNT;
    durationMs = chunkFrames * FRAME_MS;
    let chunkStartMs = wav ? chunk.timestampMs - durationMs : chunk.timestampMs;
    if (Math.abs(chunkStartMs - expectedNextMs) <= CONTIGUITY_TOLERANCE_MS) chunkStartMs = expectedNextMs;
    expectedNextMs = chunkStartMs + durationMs;
    const first = Math.round((chunkStartMs - gridStartMs) / FRAME_MS);
    for (let f = 0; f < chunkFrames; f++) {
      const j = first + f;
      if (j < 0 || j >= frames) continue;
      values.set(features.subarray(f * BAND_COUNT, (f + 1) * BAND_COUNT), j * BAND_COUNT);
      valid[j] = 1;
    }
  }
  return { gridStartMs, frames, values, valid, rejectedChunks };
}
