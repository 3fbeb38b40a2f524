import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/store-hooks';

/**
 * Keeps the bell live over a `/client` socket (see live-notifications-socket.ts). The socket.io
 * client is loaded after the page has rendered, in a chunk of its own: a page without a live
 * session does not wait for it (issue 19's first-load budget). A new token (after a refresh)
 * reopens the socket with it. When the chunk cannot be fetched (the connection dropped), it is
 * asked again later, less and less often, so the bell goes live once the network is back.
 */
export function useLiveNotifications(accessToken: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!accessToken) return;
    let closed = false;
    let close: (() => void) | undefined;
    let retry: number | undefined;
    const open = (attempt: number) => {
      import('./live-notifications-socket').then(
        ({ openLiveNotifications }) => {
          if (!closed) close = openLiveNotifications(accessToken, dispatch);
        },
        () => {
          if (!closed) retry = window.setTimeout(() => open(attempt + 1), socketChunkRetryMs(attempt));
        },
      );
    };
    open(0);
    return () => {
      closed = true;
      window.clearTimeout(retry);
      close?.();
    };
  }, [accessToken, dispatch]);
}

/** The wait before fetching the socket chunk again after `attempt` failures: 5 s doubling to 1 min. */
export function socketChunkRetryMs(attempt: number): number {
  return Math.min(5000 * 2 ** attempt, 60_000);
}
