import { ROLES } from '../../constants';
import { envelopeSchema } from '../../envelope';
import { NotificationListSchema } from '../../schemas/notifications';
import { defineRoute } from '../route';

/** The notification bell (contract §5). */
export const notificationRoutes = {
  getAlerts: defineRoute({
    id: 'notifications.getAlerts',
    method: 'GET',
    path: '/manage/alerts/get_alerts',
    auth: 'bearer',
    roles: ROLES,
    bodyKind: 'none',
    response: envelopeSchema(NotificationListSchema),
    responseKind: 'envelope',
    summary: "All of the caller's notifications, seen and unseen",
    section: '5.1',
  }),
  markAllAsRead: defineRoute({
    id: 'notifications.markAllAsRead',
    method: 'POST',
    path: '/manage/alerts/mark_all_as_read/',
    auth: 'bearer',
    roles: ROLES,
    bodyKind: 'none',
    // Our server always answers the list; §5.2 lets a server answer null, which empties both lists.
    response: envelopeSchema(NotificationListSchema.nullable()),
    responseKind: 'envelope',
    summary: 'Mark every notification seen; answers the full list afterwards',
    section: '5.2',
  }),
} as const;
