import { describe, expect, it } from 'vitest';
import { Rng } from '../dsp/random';
import { applyBiquadCascade } from '../dsp/biquad';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, LoopedSchedule, ToneSchedule } from '../schedule/tone-schedule';
import { encodeWav } from '../wav/encode-wav';
import { challengeBandGate } from './challenge-band';
import { DEFAULT_PROOF_THRESHOLDS } from './proof-thresholds';
import { checkToneLevel, locateFilePhase } from './tone-level';
import type { SessionToneInput } from './timing-window';

const KEY = '7a1c3e5f7091b2d4f6081a3c5e7f9b1d3f5a7c9e0b2d4f6a8c0e2b4d6f8a0c2e';
const EPOCH = 1_763_000_000_000;
const live: SessionToneInput = {
  keyHex: KEY,
  config: DEFAULT_SCHEDULE_CONFIG,
  playback: { kind: 'live', epochMs: EPOCH, offsetMs: 0, toleranceMs: 50 },
};

/** The tone in noise; with `lowPassHz`, through a roll-off above it (16th order: a steep phone's). */
function recording(gain: number, lowPassHz?: number, order = 16): Uint8Array {
  const rng = new Rng(2);
  const x = synthesizeSpan(new ToneSchedule(KEY), 100, 4, 48000).map((v) => gain * v + 0.003 * rng.normal());
  if (lowPassHz) applyBiquadCascade(x, 'lowpass', lowPassHz, 48000, order);
  return encodeWav(x, 48000);
}

describe('checkToneLevel', () => {
  it('says ok for a clear tone, not heard for none', () => {
    expect(checkToneLevel(recording(0.003), live, EPOCH + 100_000).status).toBe('ok');
    const none = checkToneLevel(recording(0), live, EPOCH + 100_000);
    expect(none.status).toBe('not_heard');
    expect(none.advice).toBe('raise_volume');
  });

  it('advises the low band when only the lowest slot is heard', () => {
    const r = checkToneLevel(recording(0.0006, 17300), live, EPOCH + 100_000);
    // Only the lowest slot is heard (an 8th-order roll-off let the middle one through at full strength).
    expect(r.slotScores[0]).toBeGreaterThanOrEqual(3);
    expect(r.slotScores[1]).toBeLessThan(1);
    expect(r.slotScores[2]).toBeLessThan(1);
    expect(r.advice).toBe('low_band');
  });

  it('gives no advice when a gentler roll-off leaves the two lower slots', () => {
    // 8th order from 17.3 kHz: the middle slot is heard in full, the top one faintly. With every
    // clip holding each slot (presence-0023) the lower two carry students' proofs: the band stays.
    const r = checkToneLevel(recording(0.0006, 17300, 8), live, EPOCH + 100_000);
    expect(r.slotScores[1]).toBeGreaterThanOrEqual(3);
    expect(r.status).toBe('ok');
    expect(r.advice).toBe('none');
  });
});

describe('locateFilePhase', () => {
  it("finds when the original client's file started from audio that hears it", () => {
    const loop = new LoopedSchedule(new ToneSchedule(KEY), 120);
    const startedMs = EPOCH + 1234;
    const recordedFromMs = startedMs + 3 * 120_000 + 47_500; // third repetition, 47.5 s in
    const rng = new Rng(5);
    const x = synthesizeSpan(loop, 47.5, 4, 48000).map((v) => 0.003 * v + 0.003 * rng.normal());
    const tone = {
      keyHex: KEY,
      config: DEFAULT_SCHEDULE_CONFIG,
      playback: { kind: 'file' as const, loopS: 120, startedMs: { min: 0, max: 0 } },
    };
    const found = locateFilePhase(x, 48000, tone, recordedFromMs)!;
    const phaseErrorMs = (((found.startedMs - startedMs) % 120_000) + 120_000) % 120_000;
    expect(Math.min(phaseErrorMs, 120_000 - phaseErrorMs)).toBeLessThan(3);
    expect(
      locateFilePhase(
        x.map(() => 0.003 * rng.normal()),
        48000,
        tone,
        recordedFromMs,
      ),
    ).toBeNull();
  });
});

/** The teacher's own stream: its speaker's tone loud, through a microphone rolling off at `cornerHz` (6th order). */
function teacherStream(cornerHz: number | null, gain = 0.05): Uint8Array {
  const rng = new Rng(5);
  const x = synthesizeSpan(new ToneSchedule(KEY), 100, 5, 48000).map((v) => gain * v + 0.002 * rng.normal());
  if (cornerHz !== null) applyBiquadCascade(x, 'lowpass', cornerHz, 48000, 3);
  return encodeWav(x, 48000);
}

const gateOf = (wav: Uint8Array) => challengeBandGate(checkToneLevel(wav, live, EPOCH + 100_000));

describe('challengeBandGate (the two-way check applies only where the teacher hears the band)', () => {
  it("passes a microphone flat past the tone's band", () => {
    const gate = gateOf(teacherStream(null));
    expect(gate.heard).toBe(true);
    expect(gate.dropDb!).toBeLessThan(3);
  });

  it('stops one rolling off inside the tone band, though its capped z still says every slot is heard', () => {
    const wav = teacherStream(17000);
    const report = checkToneLevel(wav, live, EPOCH + 100_000);
    // The z the old gate read saturates on the teacher's own loud tone.
    expect(Math.min(...report.slotScores)).toBeGreaterThanOrEqual(DEFAULT_PROOF_THRESHOLDS.heardZ);
    const gate = challengeBandGate(report);
    expect(gate.heard).toBe(false);
    expect(gate.dropDb!).toBeGreaterThan(10);
  });

  it('stops a stream without the tone, and one that cannot carry its band', () => {
    expect(gateOf(teacherStream(null, 0)).heard).toBe(false);
    expect(challengeBandGate({ status: 'band_not_captured', slotScores: [], slotLevelsDb: [] })).toEqual({
      heard: false,
      dropDb: null,
    });
  });
});
