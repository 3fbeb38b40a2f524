import type { Namespace } from 'socket.io';

/** What instances tell each other through the socket.io adapter (`serverSideEmit`). */
export interface InterServerEvents {
  instance_message: (channel: string, payload: unknown) => void;
}

export type InstanceListener = (payload: unknown) => void;

/**
 * Messages every server instance receives, this one included: the live session's Server-Sent
 * Events streams are plain HTTP responses held by one instance, outside socket.io's rooms, yet the
 * events they carry happen on any instance. Scaled out, the message travels through the same Redis
 * adapter that fans out the socket rooms; alone, it is only delivered here.
 */
export interface InstanceBus {
  publish(channel: string, payload: unknown): void;
  /** Listens on a channel; answers the call that stops listening. */
  subscribe(channel: string, listener: InstanceListener): () => void;
}

export function createInstanceBus(
  ns: Namespace<never, never, InterServerEvents>,
  clustered: boolean,
  log: { warn(obj: object, msg: string): void },
): InstanceBus {
  const listeners = new Map<string, Set<InstanceListener>>();

  function deliver(channel: string, payload: unknown) {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        // One failing stream must not keep the message from the others.
        log.warn({ err, channel }, 'an instance message listener failed');
      }
    }
  }

  // `serverSideEmit` reaches the other instances only, never the one that sent it.
  ns.on('instance_message', (channel, payload) => deliver(channel, payload));

  return {
    publish(channel, payload) {
      deliver(channel, payload);
      // The in-memory adapter (one instance) has no other instances and warns on every call.
      if (clustered) ns.serverSideEmit('instance_message', channel, payload);
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set<InstanceListener>();
      set.add(listener);
      listeners.set(channel, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(channel) === set) listeners.delete(channel);
      };
    },
  };
}
