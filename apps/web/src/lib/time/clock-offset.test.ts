import { describe, expect, it } from 'vitest';
import { bestOffset, measureClockOffset } from './clock-offset';

describe('the clock offset to the server', () => {
  it('uses the midpoint of the shortest round trip', () => {
    expect(
      bestOffset([
        { sentAt: 1000, serverMs: 61_400, receivedAt: 1800 },
        { sentAt: 2000, serverMs: 62_050, receivedAt: 2100 },
        { sentAt: 3000, serverMs: 63_300, receivedAt: 3500 },
      ]),
    ).toEqual({ offsetMs: 60_000, roundTripMs: 100 });
    expect(bestOffset([])).toBeNull();
  });

  it('measures with a few calls, surviving failed ones, and gives up when none answers', async () => {
    let t = 10_000;
    const now = () => t;
    let call = 0;
    const ask = () => {
      call += 1;
      t += 40;
      if (call === 2) return Promise.reject(new Error('offline'));
      const server = t - 5000;
      t += 40;
      return Promise.resolve(server);
    };
    expect(await measureClockOffset(ask, 3, now)).toEqual({ offsetMs: -5000, roundTripMs: 80 });
    expect(await measureClockOffset(() => Promise.reject(new Error('offline')), 3, now)).toBeNull();
  });
});
