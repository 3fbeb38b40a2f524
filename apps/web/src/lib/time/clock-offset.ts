/** One round trip to the server's clock: when it was sent and answered (device ms), and the server's time. */
export interface ClockSample {
  sentAt: number;
  serverMs: number;
  receivedAt: number;
}

/** The device's offset to the server's clock (add it to a device time to get server time). */
export interface ClockOffset {
  offsetMs: number;
  /** The round trip of the sample used: the offset is uncertain by about half of it. */
  roundTripMs: number;
}

/**
 * The offset from the sample with the shortest round trip: the server read its clock somewhere
 * between sending and receiving, so the midpoint is off by at most half the round trip, and the
 * shortest one bounds that best (slow answers are mostly queueing, not the clock).
 */
export function bestOffset(samples: readonly ClockSample[]): ClockOffset | null {
  let best: ClockSample | null = null;
  for (const s of samples) {
    if (s.receivedAt < s.sentAt) continue;
    if (!best || s.receivedAt - s.sentAt < best.receivedAt - best.sentAt) best = s;
  }
  if (!best) return null;
  return {
    offsetMs: Math.round(best.serverMs - (best.sentAt + best.receivedAt) / 2),
    roundTripMs: best.receivedAt - best.sentAt,
  };
}

/**
 * Measures the device's clock offset with `rounds` calls of `askServerTime` (design/presence.md
 * T7: the server bounds a recording's time by its own clock). Null when no call succeeded: the
 * caller then sends its device time, held to the looser tolerance.
 */
export async function measureClockOffset(
  askServerTime: () => Promise<number>,
  rounds = 3,
  now: () => number = Date.now,
): Promise<ClockOffset | null> {
  const samples: ClockSample[] = [];
  for (let i = 0; i < rounds; i++) {
    const sentAt = now();
    try {
      const serverMs = await askServerTime();
      samples.push({ sentAt, serverMs, receivedAt: now() });
    } catch {
      // A failed round only leaves fewer samples.
    }
  }
  return bestOffset(samples);
}
