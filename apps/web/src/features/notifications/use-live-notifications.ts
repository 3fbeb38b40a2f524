import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/store-hooks';

/**
 * Keeps the bell live over a `/client` socket (see live-notifications-socket.ts). The socket.io
 * client is loaded after the page has rendered, in a chunk of its own: a page without a live
 * session does not wait for it (issue 19's first-load budget). A new token (after a refresh)
 * reopens the socket with it.
 */
export function useLiveNotifications(accessToken: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!accessToken) return;
    let closed = false;
    let close: (() => void) | undefined;
    void import('./live-notifications-socket').then(({ openLiveNotifications }) => {
      if (!closed) close = openLiveNotifications(accessToken, dispatch);
    });
    return () => {
      closed = true;
      close?.();
    };
  }, [accessToken, dispatch]);
}
