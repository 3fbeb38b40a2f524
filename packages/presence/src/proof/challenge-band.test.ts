import { describe, expect, it } from 'vitest';
import { applyBiquadCascade } from '../dsp/biquad';
import { Rng } from '../dsp/random';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule } from '../schedule/tone-schedule';
import { encodeWav } from '../wav/encode-wav';
import { challengeBandGate } from './challenge-band';
import { DEFAULT_PROOF_THRESHOLDS } from './proof-thresholds';
import { checkToneLevel } from './tone-level';
import type { SessionToneInput } from './timing-window';

const KEY = '7a1c3e5f7091b2d4f6081a3c5e7f9b1d3f5a7c9e0b2d4f6a8c0e2b4d6f8a0c2e';
const EPOCH = 1_763_000_000_000;
const live: SessionToneInput = {
  keyHex: KEY,
  config: DEFAULT_SCHEDULE_CONFIG,
  playback: { kind: 'live', epochMs: EPOCH, offsetMs: 0, toleranceMs: 50 },
};

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
