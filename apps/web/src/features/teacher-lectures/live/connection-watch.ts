import { CONNECTION_CHECK_MS } from '@rollbook/contract';

/** How often a connected socket is checked (product spec §9: every 2 seconds). */
export const WATCHDOG_MS = CONNECTION_CHECK_MS;

/**
 * How long the first connect may take. socket.io retries a refused or unreachable server on its
 * own and never gives up, so without a limit the sheet would say "Connecting…" forever while the
 * microphone stays open and the tone loops.
 */
export const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectionWatchOptions {
  isConnected: () => boolean;
  /** The socket never connected: it failed, or took longer than `CONNECT_TIMEOUT_MS`. */
  onNeverConnected: () => void;
  /** The socket connected once and is no longer connected. */
  onLost: () => void;
}

/** What the session tells the watch, and how it stops it. */
export interface ConnectionWatch {
  connected: () => void;
  connectFailed: () => void;
  stop: () => void;
}

/**
 * Watches the live socket: until its first connect, a connect error or the time limit ends the
 * session; after it, a check every two seconds notices a lost connection. Each outcome is reported
 * at most once, and nothing after `stop`.
 */
export function watchConnection(options: ConnectionWatchOptions): ConnectionWatch {
  let connectedOnce = false;
  let stopped = false;
  const connectTimer = setTimeout(neverConnected, CONNECT_TIMEOUT_MS);
  const check = setInterval(() => {
    if (connectedOnce && !options.isConnected()) report(options.onLost);
  }, WATCHDOG_MS);

  function stop() {
    stopped = true;
    clearTimeout(connectTimer);
    clearInterval(check);
  }
  function report(outcome: () => void) {
    if (stopped) return;
    stop();
    outcome();
  }
  function neverConnected() {
    if (!connectedOnce) report(options.onNeverConnected);
  }

  return {
    connected: () => {
      connectedOnce = true;
      clearTimeout(connectTimer);
    },
    connectFailed: neverConnected,
    stop,
  };
}
