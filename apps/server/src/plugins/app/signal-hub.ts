import { EventEmitter } from 'node:events';
import type { SignalWatch } from './live-store';

/** Signals by topic within this process; the live stores deliver theirs (and Redis's) through it. */
export interface SignalHub {
  emit(topic: string): void;
  watch(topic: string): SignalWatch;
}

export function createSignalHub(): SignalHub {
  const emitter = new EventEmitter();
  // One listener per waiting marking: hundreds at a bell are expected, not a leak.
  emitter.setMaxListeners(0);
  return {
    emit: (topic) => void emitter.emit(topic),
    watch(topic) {
      // A signal between two `next` calls is remembered, so a waiter that re-reads state and then
      // waits again never sleeps through it.
      let pending = false;
      let wake: (() => void) | null = null;
      const listener = () => {
        pending = true;
        wake?.();
      };
      emitter.on(topic, listener);
      return {
        next(timeoutMs) {
          if (pending) {
            pending = false;
            return Promise.resolve(true);
          }
          return new Promise<boolean>((resolve) => {
            const timer = setTimeout(
              () => {
                wake = null;
                resolve(false);
              },
              Math.max(0, timeoutMs),
            );
            wake = () => {
              clearTimeout(timer);
              wake = null;
              pending = false;
              resolve(true);
            };
          });
        },
        close() {
          emitter.off(topic, listener);
          wake?.();
        },
      };
    },
  };
}
