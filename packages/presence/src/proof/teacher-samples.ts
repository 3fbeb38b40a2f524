import { PresenceInputError } from '../errors';
import { isRiff, rawChunkRate } from '../wav/decode-teacher-chunk';
import { pcm16Into } from '../wav/pcm16';
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
  const { raw, rate } = rawChunksAndRate(chunks);
  if (rate === undefined) return null;
  const length = Math.round(seconds * rate);
  const samples = new Float32Array(length);
  // Each chunk is converted straight into its place (no per-chunk array, no per-sample copy): the
  // same values, a later chunk still overwriting an earlier one where they overlap. What they cover
  // is the union of the written runs.
  const written: { from: number; to: number }[] = [];
  let expectedNextMs = Number.NaN;
  for (const chunk of raw) {
    if (chunk.timestampMs >= fromMs + seconds * 1000 + CONTIGUITY_TOLERANCE_MS) break;
    if (chunk.timestampMs + 2000 <= fromMs) continue;
    const count = chunk.bytes.length / 2;
    try {
      rawChunkRate(chunk.bytes, count < rate ? rate : undefined);
    } catch (err) {
      if (err instanceof PresenceInputError) continue;
      throw err;
    }
    let startMs = chunk.timestampMs;
    if (Math.abs(startMs - expectedNextMs) <= CONTIGUITY_TOLERANCE_MS) startMs = expectedNextMs;
    expectedNextMs = startMs + (count / rate) * 1000;
    const first = Math.round(((startMs - fromMs) * rate) / 1000);
    const i0 = Math.max(0, -first);
    const i1 = Math.min(count, length - first);
    if (i0 >= i1) continue;
    pcm16Into(chunk.bytes, 2 * i0, i1 - i0, samples, first + i0);
    written.push({ from: first + i0, to: first + i1 });
  }
  if (written.length === 0) return null;
  return { samples, sampleRate: rate, coverage: unionLength(written) / length };
}

/**
 * The raw chunks that can carry the band, in time order, and their rate: the most common length
 * (one second each), the higher on a tie; undefined without any.
 */
export function rawChunksAndRate(chunks: readonly TeacherChunk[]): {
  raw: TeacherChunk[];
  rate: number | undefined;
} {
  const raw = chunks
    .filter((c) => c.bytes.length > 0 && !c.bandDropped && !isRiff(c.bytes))
    .sort((a, b) => a.timestampMs - b.timestampMs);
  const rates = new Map<number, number>();
  for (const c of raw) rates.set(c.bytes.length / 2, (rates.get(c.bytes.length / 2) ?? 0) + 1);
  return { raw, rate: [...rates.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] };
}

/** Total length of the union of half-open runs [from, to). */
function unionLength(runs: { from: number; to: number }[]): number {
  runs.sort((a, b) => a.from - b.from);
  let total = 0;
  let end = -Infinity;
  for (const { from, to } of runs) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
