import { describe, expect, it } from 'vitest';
import { frameTime, type AudioClockReading } from './audio-clock';

const RATE = 48_000;
// 128 frames: 2.67 ms.
const QUANTUM = 128;
const QUANTUM_MS = (QUANTUM / RATE) * 1000;

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

describe('frameTime', () => {
  it("maps the frames' context time to the wall clock through the output timestamp, less the latency", () => {
    // Rendered at context time 9.99 s: heard at wall 1 000 000 - 10 ms, rendered 40 ms before that.
    const time = frameTime(reading(), 9.99, QUANTUM, RATE);
    expect(time.byAudioClock).toBe(true);
    expect(time.ms).toBeCloseTo(999_950, 6);
  });

  it('dates frames rendered after a stall after it: the mapping moved, the context clock did not', () => {
    // The same context time, but the audio device ran 300 ms late: it is heard 300 ms later.
    const late = reading({
      output: { contextTime: 10, performanceTime: 20_300 },
      nowPerformanceMs: 20_350,
      nowWallMs: 1_000_350,
    });
    expect(
      frameTime(late, 9.99, QUANTUM, RATE).ms - frameTime(reading(), 9.99, QUANTUM, RATE).ms,
    ).toBeCloseTo(300, 6);
  });

  it('never dates frames after they could have entered the graph: now less their length', () => {
    // 20 ms past the bound: within the slack, still the audio clock's, held to the bound.
    const ahead = reading({ output: { contextTime: 10, performanceTime: 20_100 } });
    const time = frameTime(ahead, 10.01, QUANTUM, RATE);
    expect(time).toEqual({ ms: 1_000_050 - QUANTUM_MS, byAudioClock: true });
  });

  it('dates frames by their arrival when the mapping puts them well in the future (a wrong contextTime)', () => {
    // Safari 15.1-17 divided contextTime by the sample rate: every mapped date lands far ahead.
    const wrong = reading({ output: { contextTime: 10 / RATE, performanceTime: 20_000 } });
    expect(frameTime(wrong, 9.99, QUANTUM, RATE)).toEqual({
      ms: 1_000_050 - QUANTUM_MS,
      byAudioClock: false,
    });
  });

  it('dates frames by their arrival without a mapping (before the first render, or no API)', () => {
    const byArrival = { ms: 1_000_050 - QUANTUM_MS, byAudioClock: false };
    expect(frameTime(reading({ output: null }), 9.99, QUANTUM, RATE)).toEqual(byArrival);
    expect(frameTime(reading({ output: { contextTime: 0, performanceTime: 0 } }), 0, QUANTUM, RATE)).toEqual(
      byArrival,
    );
    expect(frameTime(reading(), Number.NaN, QUANTUM, RATE)).toEqual(byArrival);
  });
});
