import { describe, expect, it } from 'vitest';
import { planProofCasesByClass, renderProofCase, type ProofCaseSpec } from '../corpus/proof-cases';
import { basebandPlan, fromBaseband, toBaseband } from '../dsp/band-baseband';
import { verifyProof, type ProofInput, type ProofResult } from '../proof/verify-proof';
import { DEFAULT_SCHEDULE_CONFIG } from '../schedule/tone-schedule';
import { decodeTeacherChunk } from '../wav/decode-teacher-chunk';
import { encodeWav } from '../wav/encode-wav';
import { teacherSamples } from '../proof/teacher-samples';
import { rawTeacherSpan } from './raw-teacher-span';
import { keptTeacherBand, openStoredTeacherChunks, packTeacherChunk } from './stored-teacher-chunk';
import type { TeacherChunk } from './teacher-chunks';

const RATE = 48000;
const tone = (hz: number, seconds: number, amplitude = 0.1) =>
  Float32Array.from(
    { length: seconds * RATE },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE),
  );
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
const difference = (a: Float32Array, b: Float32Array) => a.map((v, i) => v - b[i]!);

describe('complex baseband of a band', () => {
  const plan = basebandPlan(RATE, 14800, 21700)!;

  it('keeps what lies in the band and drops what lies outside it', () => {
    expect(plan.factor).toBe(6);
    const inBand = tone(19000, 1);
    const back = fromBaseband(toBaseband(inBand, plan), plan, 0, inBand.length);
    // Away from the block's edges (where the other half of the filter lies in the neighbours).
    const mid = (x: Float32Array) => x.subarray(2000, RATE - 2000);
    expect(rms(mid(difference(back, inBand))) / rms(mid(inBand))).toBeLessThan(1e-3);
    const speech = tone(3000, 1);
    const gone = fromBaseband(toBaseband(speech, plan), plan, 0, speech.length);
    expect(rms(gone) / rms(speech)).toBeLessThan(1e-3);
  });

  it('joins consecutive blocks as if they had been filtered at once', () => {
    const joined = Float32Array.from(
      { length: 2 * RATE },
      (_, i) => Math.sin(i * 0.37) * Math.cos(i * 0.011),
    );
    const whole = fromBaseband(toBaseband(joined, plan), plan, 0, joined.length);
    const first = toBaseband(joined.subarray(0, RATE), plan);
    const second = toBaseband(joined.subarray(RATE), plan);
    const tail = fromBaseband(first, plan, RATE, 2 * RATE);
    const rebuilt = fromBaseband(second, plan, 0, RATE).map((v, i) => v + tail[i]!);
    expect(rms(difference(rebuilt, whole.subarray(RATE))) / rms(whole)).toBeLessThan(1e-6);
  });
});

describe('stored teacher chunks', () => {
  const band = keptTeacherBand(DEFAULT_SCHEDULE_CONFIG);

  it('keep the tone and challenge band at under 40 % of the raw bytes, and WAV chunks verbatim', () => {
    const raw = new Uint8Array(RATE * 2);
    expect(packTeacherChunk(raw, band).length).toBeLessThan(0.4 * raw.length);
    const wav = encodeWav(tone(1000, 1, 0.1), 16000);
    const [back] = openStoredTeacherChunks([{ timestampMs: 5, bytes: packTeacherChunk(wav, band) }], {
      audio: true,
    });
    expect(back).toEqual({ timestampMs: 5, bytes: wav });
  });

  it('leave out a chunk that cannot be read, keeping the others', () => {
    const good = { timestampMs: 0, bytes: packTeacherChunk(new Uint8Array(RATE * 2), band) };
    const truncated = { timestampMs: 1000, bytes: good.bytes.subarray(0, 100) };
    const opened = openStoredTeacherChunks([good, truncated], { audio: true });
    expect(opened.map((c) => [c.timestampMs, c.bytes.length])).toEqual([[0, RATE * 2]]);
  });

  it('rebuild raw PCM of the same rate and length, carrying the band and the exact ambient features', () => {
    const sound = tone(19500, 2, 0.05).map((v, i) => v + 0.2 * Math.sin(i * 0.05));
    const chunks: TeacherChunk[] = [0, 1].map((k) => ({
      timestampMs: 1000 * k,
      bytes: encodeWav(sound.subarray(k * RATE, (k + 1) * RATE), RATE).subarray(44),
    }));
    const stored = chunks.map((c) => ({ ...c, bytes: packTeacherChunk(c.bytes, band) }));
    const back = openStoredTeacherChunks(stored, { audio: true });
    expect(back.map((c) => c.bytes.length)).toEqual([RATE * 2, RATE * 2]);
    const rebuilt = new Float32Array(2 * RATE);
    back.forEach((c, k) => rebuilt.set(decodeTeacherChunk(c.bytes).samples, k * RATE));
    // The seam between the chunks included: only the 19.5 kHz tone is left, plus 16-bit rounding
    // noise (a few steps, shaped out of the band).
    const expected = tone(19500, 2, 0.05).subarray(2000, 2 * RATE - 2000);
    const error = rms(difference(rebuilt.subarray(2000, 2 * RATE - 2000), expected)) / rms(expected);
    expect(error).toBeLessThan(1e-2);
    expect(back[0]!.ambient).toBeInstanceOf(Float32Array);
    expect(back[0]!.ambient!.length).toBeGreaterThan(0);
    // A reader of the features alone gets silence of the same length, not the band.
    const silent = openStoredTeacherChunks(stored, { audio: false });
    expect(silent.map((c) => [c.bytes.length, c.bytes.some((b) => b !== 0)])).toEqual([
      [RATE * 2, false],
      [RATE * 2, false],
    ]);
    expect(silent[1]!.ambient).toEqual(back[1]!.ambient);
  });
});

describe('stored teacher chunks with their features alone', () => {
  const band = keptTeacherBand(DEFAULT_SCHEDULE_CONFIG);
  const sound = tone(19500, 3, 0.05).map((v, i) => v + 0.2 * Math.sin(i * 0.05));
  const raw = [0, 1, 2].map((k) => ({
    timestampMs: 1000 * k,
    bytes: encodeWav(sound.subarray(k * RATE, (k + 1) * RATE), RATE).subarray(44),
  }));

  it('cost a few kB, open as marked silence with the exact features, and join no neighbour', () => {
    const banded = raw.map((c) => ({ ...c, bytes: packTeacherChunk(c.bytes, band) }));
    const featuresOnly = raw.map((c) => ({
      ...c,
      bytes: packTeacherChunk(c.bytes, band, { keepBand: false }),
    }));
    expect(featuresOnly[0]!.bytes.length).toBeLessThan(0.2 * banded[0]!.bytes.length);
    const opened = openStoredTeacherChunks(featuresOnly, { audio: true });
    expect(opened.map((c) => [c.bytes.length, c.bytes.some((b) => b !== 0), c.bandDropped])).toEqual([
      [RATE * 2, false, true],
      [RATE * 2, false, true],
      [RATE * 2, false, true],
    ]);
    const full = openStoredTeacherChunks(banded, { audio: true });
    expect(opened.map((c) => c.ambient)).toEqual(full.map((c) => c.ambient));
    expect(full.some((c) => c.bandDropped)).toBe(false);
    // A banded chunk after a features-only one is rebuilt on its own (no tail to add).
    const mixed = openStoredTeacherChunks([featuresOnly[0]!, banded[1]!], { audio: true });
    const alone = openStoredTeacherChunks([banded[1]!], { audio: true });
    expect(mixed[1]!.bytes).toEqual(alone[0]!.bytes);
  });

  it('are a gap to every reader of the audio: no tone-level span, no challenge coverage', () => {
    const banded = raw.map((c) => ({ ...c, bytes: packTeacherChunk(c.bytes, band) }));
    const last = { ...raw[2]!, bytes: packTeacherChunk(raw[2]!.bytes, band, { keepBand: false }) };
    expect(rawTeacherSpan(banded, 3)).not.toBeNull();
    expect(rawTeacherSpan([banded[0]!, banded[1]!, last], 3)).toBeNull();
    const heard = teacherSamples(
      openStoredTeacherChunks([banded[0]!, banded[1]!, last], { audio: true }),
      0,
      3,
    );
    expect(heard!.coverage).toBeCloseTo(2 / 3, 5);
    expect(teacherSamples(openStoredTeacherChunks([last], { audio: true }), 0, 3)).toBeNull();
  });
});

/**
 * Verdicts on the stored form: every case verified twice, with the teacher's chunks as they
 * arrived and as the server stores and rebuilds them. Same verdict, same reasons, same check
 * statuses; the ambient similarity identical (its features are kept exactly); the challenge's score
 * in the teacher's stream within 0.05 (its acceptance threshold is 5.5 on the same scale).
 */
describe('verdicts on stored teacher chunks equal those on the full-rate stream', () => {
  const stored = (input: ProofInput, keepBand = true): ProofInput => {
    const kept = keptTeacherBand(input.tone.config);
    const chunks = input.teacher.chunks.map((c) => ({
      ...c,
      bytes: packTeacherChunk(c.bytes, kept, { keepBand }),
    }));
    return { ...input, teacher: { ...input.teacher, chunks, stored: true } };
  };
  const summary = (r: ProofResult) => ({
    verdict: r.verdict,
    reasons: r.reasons,
    checks: r.checks.map((c) => [c.check, c.status]),
  });
  const pick = (cls: ProofCaseSpec['cls'], count: number, change: Partial<ProofCaseSpec> = {}) =>
    planProofCasesByClass(count, 19, [cls]).map((s) => ({ ...s, client: 'web48' as const, ...change }));
  const cases: ProofCaseSpec[] = [
    ...pick('present', 3).map((s, i) => ({ ...s, variant: 'lecture', distanceM: [2, 8, 16][i]! })),
    ...pick('present', 1, { variant: 'silent_room' }),
    ...pick('present', 1, { variant: 'lecture', client: 'web44', band: 'widest' }),
    ...pick('present', 1, { variant: 'lecture', client: 'flutter16' }),
    ...pick('T4', 1),
    ...pick('T2f', 1),
    ...pick('present2w', 2, { variant: 'lecture', teacherRollOffHz: 22000 }),
    ...pick('present2w', 1, { variant: 'lecture', band: 'widest', teacherRollOffHz: 22000 }),
    ...pick('T2fcall', 1),
  ];

  it.each(cases.map((s) => [`${s.cls} ${s.variant} ${s.band} ${s.client} ${s.distanceM.toFixed(0)} m`, s]))(
    '%s',
    (_name, spec) => {
      const { input } = renderProofCase(spec);
      const full = verifyProof({ ...input, cacheTeacherFeatures: false });
      const rebuilt = verifyProof({ ...stored(input), cacheTeacherFeatures: false });
      expect(summary(rebuilt)).toEqual(summary(full));
      expect(rebuilt.similarity).toBe(full.similarity);
      expect(rebuilt.details.ambient).toEqual(full.details.ambient);
      expect(rebuilt.details.tone?.score).toBe(full.details.tone?.score);
      const [a, b] = [full.details.challenge?.score ?? null, rebuilt.details.challenge?.score ?? null];
      expect(b === null).toBe(a === null);
      if (a !== null) expect(Math.abs(b! - a)).toBeLessThanOrEqual(0.05);
      // A one-way verification never opens the band: features alone give the very same result.
      if (!input.challenge) {
        const featuresOnly = verifyProof({ ...stored(input, false), cacheTeacherFeatures: false });
        expect(summary(featuresOnly)).toEqual(summary(full));
        expect(featuresOnly.similarity).toBe(full.similarity);
        expect(featuresOnly.details.ambient).toEqual(full.details.ambient);
      } else {
        // Two-way without the band (the setting turned on mid-lecture): review, never refused on it.
        const featuresOnly = verifyProof({ ...stored(input, false), cacheTeacherFeatures: false });
        const challenge = featuresOnly.checks.find((c) => c.check === 'challenge')!;
        expect([challenge.status, challenge.reasons.includes('challenge_unavailable')]).toEqual([
          'review',
          true,
        ]);
      }
    },
  );
});
