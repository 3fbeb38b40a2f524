import { useEffect } from 'react';
import { NotificationMessageSchema } from '@rollbook/contract';
import { connectClientSocket } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store-hooks';
import { notificationReceived } from './notification-slice';
import { notificationsApi } from './notifications-api';

/**
 * Keeps the bell live: opens a `/client` socket, subscribes with the access token on every
 * (re)connect, and adds each pushed `notification` to the unseen list. Once the server acknowledges
 * the subscription the list is fetched again: an alert raised between the page's first load and the
 * join (or while disconnected) would otherwise only show after a reload. A new token (after a
 * refresh) reopens the socket with it; a `client_error` (bad token) closes it until then.
 */
export function useLiveNotifications(accessToken: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!accessToken) return;
    const socket = connectClientSocket();
    socket.on('connect', () => {
      socket.emit('notifications_subscribe', { auth_token: accessToken }, (ack) => {
        if (ack.ok)
          void dispatch(
            notificationsApi.endpoints.getAlerts.initiate(undefined, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
      });
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
