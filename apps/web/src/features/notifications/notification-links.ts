import {
  NOTIFICATION_DESTINATIONS,
  NOTIFICATION_LINK_MARKER,
  type NotificationTypeCode,
  type Role,
} from '@rollbook/contract';

/**
 * Splits a notification message on every `subject_choice_url` marker; a "Click Here." link goes
 * between each pair of consecutive parts (contract §5.3).
 */
export function splitNotificationMessage(message: string): string[] {
  return message.split(NOTIFICATION_LINK_MARKER);
}

/**
 * Where a notification's "Click Here." leads for a role, from the contract's table; admins have no
 * destination (null), so their messages show no link.
 */
export function notificationDestination(type: NotificationTypeCode, role: Role | null): string | null {
  if (role !== 'teacher' && role !== 'student') return null;
  return NOTIFICATION_DESTINATIONS[type][role];
}
