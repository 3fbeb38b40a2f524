/**
 * The live sheet's reconnection back-off (contract §13 "Robust reconnection": unlimited attempts,
 * from 1 s, at most 5 s). socket.io's manager applies the same numbers to the socket; the
 * Server-Sent Events path uses `reconnectDelay`.
 */
export const RECONNECT = {
  firstDelayMs: 1000,
  maxDelayMs: 5000,
  /**
   * Each delay is spread by ±50 %, so the sheets of a whole campus whose Wi-Fi came back do not
   * all knock at the same moment.
   */
  jitter: 0.5,
} as const;

/** The wait before reconnect attempt `attempt` (0 for the first): doubling, capped, jittered. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const doubled = RECONNECT.firstDelayMs * 2 ** Math.min(Math.max(attempt, 0), 16);
  const capped = Math.min(RECONNECT.maxDelayMs, doubled);
  const spread = 1 + RECONNECT.jitter * (2 * random() - 1);
  return Math.round(Math.min(RECONNECT.maxDelayMs, capped * spread));
}
