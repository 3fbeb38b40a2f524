import { Fragment } from 'react';
import { Link } from 'react-router';
import type { Notification, Role } from '@rollbook/contract';
import { cx } from '../../lib/cx';
import { notificationDestination, splitNotificationMessage } from './notification-links';

export interface NotificationItemProps {
  notification: Notification;
  role: Role | null;
  /** Called when the person follows the "Click Here." link (the sheet closes). */
  onNavigate: () => void;
}

/**
 * One notification: its type, its message (with a "Click Here." link at each marker) and a dot,
 * blue while unseen, grey with the row dimmed once seen.
 */
export function NotificationItem({ notification, role, onNavigate }: NotificationItemProps) {
  const seen = notification.status === 'seen';
  const parts = splitNotificationMessage(notification.message);
  const destination = notificationDestination(notification.type_code, role);
  return (
    <li className={cx('flex gap-3 rounded-xl border border-slate-200 bg-white p-3', seen && 'opacity-60')}>
      <span
        aria-hidden
        data-testid="notification-dot"
        className={cx('mt-1.5 size-2.5 shrink-0 rounded-full', seen ? 'bg-slate-400' : 'bg-blue-600')}
      />
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {notification.type}
          <span className="sr-only">{seen ? ' (read)' : ' (unread)'}</span>
        </p>
        <p className="text-sm break-words text-slate-700">
          {parts.map((part, index) => (
            <Fragment key={index}>
              {part}
              {index < parts.length - 1 && destination ? (
                <Link
                  to={destination}
                  onClick={onNavigate}
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  Click Here.
                </Link>
              ) : null}
            </Fragment>
          ))}
        </p>
      </div>
    </li>
  );
}
