import { PresenceInputError } from '../errors';
import { decodeTeacherChunk, isRiff } from '../wav/decode-teacher-chunk';
import type { TeacherChunk } from '../verify/teacher-chunks';

/** A stretch of the teacher's microphone at its native rate, zeros where no chunk supplied audio. */
export interface TeacherSamples {
  samples: Float32Array;
  sampleRate: number;
  /** Fraction of the stretch that chunks supplied. */
  coverage: number;
}

// As in the feature grid: a raw chunk this close to where the previous one ended continues it.
const CONTIGUITY_TOLERANCE_MS = 250;

/**
 * The teacher's raw PCM chunks (our web client: native rate, stamped with their start in server
 * time) laid out from `fromMs` for `seconds`. WAV chunks (the original client, 16 kHz) are left
 * out: they cannot carry anything above 8 kHz; so are stored chunks whose band was not kept
 * (`bandDropped`: silence standing in for it). Null when no raw chunk reaches the stretch.
 * Undecodable chunks are skipped (one bad chunk must not fail a student).
 */
export function teacherSamples(
  chunks: readonly TeacherChunk[],
  fromMs: number,
  seconds: number,
): TeacherSamples | null {
  const raw = chunks
    .filter((c) => c.bytes.length > 0 && !c.bandDropped && !isRiff(c.bytes))
    .sort((a, b) => a.timestampMs - b.timestampMs);
  const rates = new Map<number, number>();
  for (const c of raw) rates.set(c.bytes.length / 2, (rates.get(c.bytes.length / 2) ?? 0) + 1);
  const rate = [...rates.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  if (rate === undefined) return null;
  const length = Math.round(seconds * rate);
  const samples = new Float32Array(length);
  const filled = new Uint8Array(length);
  let expectedNextMs = Number.NaN;
  let any = false;
  for (const chunk of raw) {
    if (chunk.timestampMs >= fromMs + seconds * 1000 + CONTIGUITY_TOLERANCE_MS) break;
    if (chunk.timestampMs + 2000 <= fromMs) continue;
    let audio: Float32Array;
    try {
      audio = decodeTeacherChunk(chunk.bytes, chunk.bytes.length / 2 < rate ? rate : undefined).samples;
    } catch (err) {
      if (err instanceof PresenceInputError) continue;
      throw err;
    }
    let startMs = chunk.timestampMs;
    if (Math.abs(startMs - expectedNextMs) <= CONTIGUITY_TOLERANCE_MS) startMs = expectedNextMs;
    expectedNextMs = startMs + (audio.length / rate) * 1000;
    const first = Math.round(((startMs - fromMs) * rate) / 1000);
    for (let i = Math.max(0, -first); i < audio.length && first + i < length; i++) {
      samples[first + i] = audio[i]!;
      filled[first + i] = 1;
      any = true;
    }
  }
  if (!any) return null;
  let covered = 0;
  for (let i = 0; i < length; i++) covered += filled[i]!;
  return { samples, sampleRate: rate, coverage: covered / length };
}
