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
  /**
   * A connection that was up is down (socket.io is already trying to reconnect). Reported once per
   * loss: the next `connected` arms it again.
   */
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
 * session; after it, a check every two seconds notices each loss of the connection, so the sheet
 * shows that it is reconnecting. Nothing is reported after `stop`.
 */
export function watchConnection(options: ConnectionWatchOptions): ConnectionWatch {
  let connectedOnce = false;
  /** Whether the current connection's loss is still to be reported. */
  let armed = false;
  let stopped = false;
  const connectTimer = setTimeout(neverConnected, CONNECT_TIMEOUT_MS);
  const check = setInterval(() => {
    if (stopped || !armed || options.isConnected()) return;
    armed = false;
    options.onLost();
  }, WATCHDOG_MS);

  function stop() {
    stopped = true;
    clearTimeout(connectTimer);
    clearInterval(check);
  }
  function neverConnected() {
    if (connectedOnce || stopped) return;
    stop();
    options.onNeverConnected();
  }

  return {
    connected: () => {
      connectedOnce = true;
      armed = true;
      clearTimeout(connectTimer);
    },
    connectFailed: neverConnected,
    stop,
  };
}
