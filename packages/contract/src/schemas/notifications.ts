import { z } from 'zod';
import { NOTIFICATION_STATUSES, NOTIFICATION_TYPE_CODES } from '../constants';

/** One alert (§5.1). `type` is the display label, `type_code` picks the link destination. */
export const NotificationSchema = z.object({
  slug: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  type: z.string(),
  type_code: z.enum(NOTIFICATION_TYPE_CODES),
  message: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The alert list of `get_alerts` and `mark_all_as_read/`. */
export const NotificationListSchema = z.array(NotificationSchema);
