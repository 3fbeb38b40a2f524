import { afterEach, describe, expect, it } from 'vitest';
import { Rng } from '../dsp/random';
import { teacherToneLevel, type TeacherToneLevelInput } from '../proof/teacher-tone-level';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule } from '../schedule/tone-schedule';
import { keptTeacherBand, packTeacherChunk } from '../verify/stored-teacher-chunk';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { encodePcm16 } from '../wav/encode-wav';
import { createVerifierPool, type VerifierPool } from './verifier-pool';

const KEY = '7a1c3e5f7091b2d4f6081a3c5e7f9b1d3f5a7c9e0b2d4f6a8c0e2b4d6f8a0c2e';
const EPOCH = 1_763_000_000_000;
const RATE = 48000;

/**
 * A fixed teacher stream as the live store keeps it: 7 one-second raw PCM chunks of the live tone
 * at `gain` over a little noise, from 100 s into the schedule, each packed to its stored form.
 */
function storedStream(gain: number): TeacherChunk[] {
  const rng = new Rng(7);
  const sound = synthesizeSpan(new ToneSchedule(KEY), 100, 7, RATE).map(
    (v) => gain * v + 0.003 * rng.normal(),
  );
  const band = keptTeacherBand(DEFAULT_SCHEDULE_CONFIG);
  return Array.from({ length: 7 }, (_, k) => ({
    timestampMs: EPOCH + 100_000 + k * 1000,
    bytes: packTeacherChunk(encodePcm16(sound.subarray(k * RATE, (k + 1) * RATE)), band),
  }));
}

function checkOf(chunks: TeacherChunk[]): TeacherToneLevelInput {
  return {
    chunks,
    seconds: 5,
    tone: {
      keyHex: KEY,
      config: DEFAULT_SCHEDULE_CONFIG,
      playback: { kind: 'live', epochMs: EPOCH, offsetMs: 0, toleranceMs: 50 },
    },
    toleranceMs: 500,
  };
}

let pool: VerifierPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

// Worker start-up compiles TypeScript in each thread; on a loaded 2-core machine that takes seconds.
describe('the pool tone-level check', { timeout: 60_000 }, () => {
  it('answers exactly what the in-process check answers, leaving the caller its chunks', async () => {
    pool = createVerifierPool({ size: 1 });
    for (const gain of [0.003, 0.0004, 0]) {
      const chunks = storedStream(gain);
      const sizes = chunks.map((c) => c.bytes.byteLength);
      const direct = teacherToneLevel(checkOf(chunks));
      const fromPool = await pool.toneLevel(checkOf(chunks));
      // Bit-identical: the worker runs the same code on the same bytes; numbers cross unchanged.
      expect(fromPool).toEqual(direct);
      // The post transferred a packed copy: the live store's chunks stay readable.
      expect(chunks.map((c) => c.bytes.byteLength)).toEqual(sizes);
    }
    const clear = await pool.toneLevel(checkOf(storedStream(0.003)));
    expect(clear?.status).toBe('ok');
    expect(clear?.score).toBeGreaterThan(0);
    expect((await pool.toneLevel(checkOf(storedStream(0))))?.status).toBe('not_heard');
  });

  it('answers null while fewer chunks than the check listens to have arrived', async () => {
    pool = createVerifierPool({ size: 1 });
    expect(await pool.toneLevel(checkOf(storedStream(0.003).slice(0, 4)))).toBeNull();
    expect(pool.stats().completed).toBe(1);
  });
});
