import { NotificationMessageSchema } from '@rollbook/contract';
import { connectClientSocket } from '../../lib/socket';
import type { useAppDispatch } from '../../lib/store-hooks';
import { notificationReceived } from './notification-slice';
import { notificationsApi } from './notifications-api';

/**
 * Opens the bell's `/client` socket: subscribes with the access token on every (re)connect, fetches
 * the list again once the server acknowledges (an alert raised before the join or while
 * disconnected would otherwise only show after a reload), and adds each pushed `notification` to
 * the unseen list; a `client_error` (bad token) closes it. Returns the function that closes it.
 */
export function openLiveNotifications(
  accessToken: string,
  dispatch: ReturnType<typeof useAppDispatch>,
): () => void {
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
}
