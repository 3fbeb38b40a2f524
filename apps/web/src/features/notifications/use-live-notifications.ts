import { useEffect } from 'react';
import { NotificationMessageSchema } from '@rollbook/contract';
import { connectClientSocket } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store-hooks';
import { notificationReceived } from './notification-slice';

/**
 * Keeps the bell live: opens a `/client` socket, subscribes with the access token on every
 * (re)connect, and adds each pushed `notification` to the unseen list. A new token (after a
 * refresh) reopens the socket with it; a `client_error` (bad token) closes it until then.
 */
export function useLiveNotifications(accessToken: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!accessToken) return;
    const socket = connectClientSocket();
    socket.on('connect', () => {
      socket.emit('notifications_subscribe', { auth_token: accessToken });
    });
    socket.on('notification', (message) => {
      const parsed = NotificationMessageSchema.safeParse(message);
      if (parsed.success) dispatch(notificationReceived(parsed.data.notification));
    });
    socket.on('client_error', () => {
      socket.disconnect();
    });
    return () => {
      socket.disconnect();
    };
  }, [accessToken, dispatch]);
}
