import { describe, expect, it } from 'vitest';
import { PresenceInputError } from '../errors';
import { Rng } from '../dsp/random';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { decodeTeacherChunk } from '../wav/decode-teacher-chunk';
import { encodePcm16, encodeWav } from '../wav/encode-wav';
import { rawChunksAndRate, teacherSamples, type TeacherSamples } from './teacher-samples';

/**
 * The layout as it was before presence-0017 (each chunk decoded to its own array, copied sample by
 * sample, a byte per covered sample counted), kept here as the reference the faster one must equal.
 */
function referenceTeacherSamples(
  chunks: readonly TeacherChunk[],
  fromMs: number,
  seconds: number,
): TeacherSamples | null {
  // The choice of chunks and rate is unchanged and shared; the layout below is the replaced one.
  const { raw, rate } = rawChunksAndRate(chunks);
  if (rate === undefined) return null;
  const length = Math.round(seconds * rate);
  const samples = new Float32Array(length);
  const filled = new Uint8Array(length);
  let expectedNextMs = Number.NaN;
  let any = false;
  for (const chunk of raw) {
    if (chunk.timestampMs >= fromMs + seconds * 1000 + 250) break;
    if (chunk.timestampMs + 2000 <= fromMs) continue;
    let audio: Float32Array;
    try {
      audio = decodeTeacherChunk(chunk.bytes, chunk.bytes.length / 2 < rate ? rate : undefined).samples;
    } catch (err) {
      if (err instanceof PresenceInputError) continue;
      throw err;
    }
    let startMs = chunk.timestampMs;
    if (Math.abs(startMs - expectedNextMs) <= 250) startMs = expectedNextMs;
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

/** A stream of one-second chunks with jitter, gaps, overlaps, short and broken chunks mixed in. */
function messyStream(rng: Rng, rate: number): TeacherChunk[] {
  const chunks: TeacherChunk[] = [];
  let t = 10_000;
  for (let k = 0; k < 9; k++) {
    const kind = rng.next();
    const length = kind < 0.15 ? Math.floor(rate * (0.2 + 0.7 * rng.next())) : rate;
    const audio = Float32Array.from({ length }, () => rng.next() * 2 - 1);
    let bytes = encodePcm16(audio);
    if (kind > 0.95) bytes = bytes.subarray(0, bytes.length - 1); // odd length: skipped
    if (kind > 0.9 && kind <= 0.95) bytes = encodeWav(audio, 16000); // the original client's WAV
    if (kind > 0.85 && kind <= 0.9) bytes = new Uint8Array(0); // a heartbeat
    chunks.push({ timestampMs: t + Math.round((rng.next() - 0.5) * 400), bytes });
    // Mostly contiguous; sometimes a gap, sometimes an overlap beyond the contiguity tolerance.
    const step = rng.next();
    t += step < 0.7 ? 1000 : step < 0.85 ? 1000 + 300 + rng.next() * 1500 : 1000 - 300 - rng.next() * 400;
  }
  return chunks.sort(() => rng.next() - 0.5);
}

describe('teacherSamples', () => {
  it('equals the chunk-by-chunk layout it replaced, sample for sample, on messy streams', () => {
    const rng = new Rng(17);
    let compared = 0;
    for (let trial = 0; trial < 60; trial++) {
      const rate = trial % 3 === 0 ? 44100 : trial % 3 === 1 ? 48000 : 8000;
      const chunks = messyStream(rng, rate);
      const fromMs = 9_000 + rng.next() * 6_000;
      const seconds = 0.5 + rng.next() * 6;
      const expected = referenceTeacherSamples(chunks, fromMs, seconds);
      const got = teacherSamples(chunks, fromMs, seconds);
      expect(got === null).toBe(expected === null);
      if (!got || !expected) continue;
      expect(got.sampleRate).toBe(expected.sampleRate);
      expect(got.coverage).toBe(expected.coverage);
      expect(Buffer.from(got.samples.buffer).equals(Buffer.from(expected.samples.buffer))).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });
});
