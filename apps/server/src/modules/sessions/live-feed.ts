import type { SseMessage } from '@rollbook/contract';
import type { InstanceBus } from '../../plugins/app/instance-bus';

/** One event of a session's feed. */
export interface FeedEvent {
  message: SseMessage;
  /** A marking attempt the presence check refused: only streams that asked for those get it. */
  refusedAttempt: boolean;
}

/**
 * A live session's events for its Server-Sent Events streams (contract §13), from whichever
 * instance they happen on to every stream of the session on any instance: the streams are plain
 * HTTP responses outside socket.io's rooms, so the feed travels on the instance bus (the socket.io
 * Redis adapter when scaled out).
 */
export interface SessionFeed {
  publish(sessionId: string, event: FeedEvent): void;
  /** Follows a session's events; answers the call that stops following. */
  follow(sessionId: string, listener: (event: FeedEvent) => void): () => void;
}

const channelOf = (sessionId: string) => `session-feed:${sessionId}`;

export function createSessionFeed(bus: () => InstanceBus): SessionFeed {
  return {
    publish(sessionId, event) {
      bus().publish(channelOf(sessionId), event);
    },
    // Only our own instances publish on this channel, with `publish` above.
    follow(sessionId, listener) {
      return bus().subscribe(channelOf(sessionId), (payload) => listener(payload as FeedEvent));
    },
  };
}
