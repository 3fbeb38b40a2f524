type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for the socket.io client in unit tests: records what the app emits and lets a test
 * play the server (`serverEmit`) or the connection (`connect`).
 */
export class FakeSocket {
  readonly handlers = new Map<string, Handler[]>();
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  disconnected = false;
  /** Mirrors socket.io's `connected`: true after `connect()`, false after a disconnect. */
  connected = false;

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  emit(event: string, payload: unknown): this {
    this.emitted.push({ event, payload });
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  /** Simulates the connection dropping (socket.io then reconnects on its own). */
  drop(): void {
    this.connected = false;
    this.serverEmit('disconnect', 'transport close');
  }

  /** Simulates the server closing this socket on purpose (socket.io does not reconnect then). */
  serverClose(): void {
    this.connected = false;
    this.serverEmit('disconnect', 'io server disconnect');
  }

  /** Fires the app's handlers of a server event. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  /** Simulates a successful (re)connect. */
  connect(): void {
    this.connected = true;
    this.serverEmit('connect');
  }
}

/** Every fake socket the app opened during the current test file, newest last. */
export const openedSockets: FakeSocket[] = [];

/** The replacement of `connectClientSocket` installed by vitest.setup.ts. */
export function connectFakeSocket(): FakeSocket {
  const socket = new FakeSocket();
  openedSockets.push(socket);
  return socket;
}
