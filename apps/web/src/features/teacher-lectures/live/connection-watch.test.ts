import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS, WATCHDOG_MS, watchConnection } from './connection-watch';

describe('watchConnection', () => {
  let connected = false;
  let neverConnected = 0;
  let lost = 0;
  const watch = () =>
    watchConnection({
      isConnected: () => connected,
      onNeverConnected: () => (neverConnected += 1),
      onLost: () => (lost += 1),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    connected = false;
    neverConnected = 0;
    lost = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('gives up on a socket that does not connect within the limit, once', () => {
    watch();
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
    expect(neverConnected).toBe(0);
    vi.advanceTimersByTime(1);
    expect(neverConnected).toBe(1);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS * 4);
    expect([neverConnected, lost]).toEqual([1, 0]);
  });

  it('gives up at once on a connect error, and only once', () => {
    const w = watch();
    w.connectFailed();
    w.connectFailed();
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS * 2);
    expect([neverConnected, lost]).toEqual([1, 0]);
  });

  it('after a connect, ignores the limit and reports each lost connection once, at the next check', () => {
    const w = watch();
    connected = true;
    w.connected();
    w.connectFailed(); // a later reconnect attempt failing is the lost-connection check's business
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS * 2);
    expect([neverConnected, lost]).toEqual([0, 0]);
    connected = false;
    vi.advanceTimersByTime(WATCHDOG_MS);
    expect(lost).toBe(1);
    vi.advanceTimersByTime(WATCHDOG_MS * 3);
    expect([neverConnected, lost]).toEqual([0, 1]);
    // socket.io reconnected on its own; a second loss is reported again.
    connected = true;
    w.connected();
    vi.advanceTimersByTime(WATCHDOG_MS * 2);
    expect(lost).toBe(1);
    connected = false;
    vi.advanceTimersByTime(WATCHDOG_MS);
    expect([neverConnected, lost]).toEqual([0, 2]);
  });

  it('reports nothing once stopped', () => {
    const w = watch();
    w.stop();
    w.connectFailed();
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS * 2);
    expect([neverConnected, lost]).toEqual([0, 0]);
  });
});
