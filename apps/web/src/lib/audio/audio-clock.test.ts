import { describe, expect, it } from 'vitest';
import { capturedAtMs, type AudioClockReading } from './audio-clock';

const RATE = 48_000;
// 128 frames: 2.67 ms.
const QUANTUM = 128;

function reading(overrides: Partial<AudioClockReading> = {}): AudioClockReading {
  return {
    // The frame at context time 10 s is heard at performance time 20 000 ms.
    output: { contextTime: 10, performanceTime: 20_000 },
    nowPerformanceMs: 20_050,
    nowWallMs: 1_000_050,
    latencyS: 0.04,
    ...overrides,
  };
}

describe('capturedAtMs', () => {
  it("maps the frames' context time to the wall clock through the output timestamp, less the latency", () => {
    // Rendered at context time 9.99 s: heard at wall 1 000 000 - 10 ms, captured 40 ms before that.
    expect(capturedAtMs(reading(), 9.99, QUANTUM, RATE)).toBeCloseTo(999_950, 6);
  });

  it('dates frames rendered after a stall after it: the mapping moved, the context clock did not', () => {
    // The same context time, but the audio device ran 300 ms late: it is heard 300 ms later.
    const late = reading({
      output: { contextTime: 10, performanceTime: 20_300 },
      nowPerformanceMs: 20_350,
      nowWallMs: 1_000_350,
    });
    expect(
      capturedAtMs(late, 9.99, QUANTUM, RATE) - capturedAtMs(reading(), 9.99, QUANTUM, RATE),
    ).toBeCloseTo(300, 6);
  });

  it('never dates frames later than they could have been captured: now less their length', () => {
    const ahead = reading({ output: { contextTime: 10, performanceTime: 20_200 } });
    expect(capturedAtMs(ahead, 10.1, QUANTUM, RATE)).toBeCloseTo(1_000_050 - (QUANTUM / RATE) * 1000, 6);
  });

  it('falls back to now less their length without a mapping (before the first render, or no API)', () => {
    const latest = 1_000_050 - (QUANTUM / RATE) * 1000;
    expect(capturedAtMs(reading({ output: null }), 9.99, QUANTUM, RATE)).toBeCloseTo(latest, 6);
    expect(
      capturedAtMs(reading({ output: { contextTime: 0, performanceTime: 0 } }), 0, QUANTUM, RATE),
    ).toBeCloseTo(latest, 6);
    expect(capturedAtMs(reading(), Number.NaN, QUANTUM, RATE)).toBeCloseTo(latest, 6);
  });
});
