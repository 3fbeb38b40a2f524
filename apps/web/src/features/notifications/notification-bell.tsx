import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { toast } from '../../lib/toast';
import { BOTTOM_BAR_BUTTON_CLASS } from '../../components/layouts/protected-layout';
import { selectAuth, selectRole } from '../../lib/session/auth-slice';
import { useSharedSelector } from '../../lib/store-hooks';
import { selectNotifications } from './notification-slice';
import { useGetAlertsQuery, useMarkAllAsReadMutation } from './notifications-api';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { useLiveNotifications } from './use-live-notifications';

// The sheet (Radix dialog and tabs) loads when first opened: no signed-in page needs it to render.
const NotificationSheet = lazy(() =>
  import('./notification-sheet').then((m) => ({ default: m.NotificationSheet })),
);

/**
 * The bottom bar's bell: loads the notifications, keeps them live over the socket, shows the
 * unseen count as a badge and opens the notification sheet.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const { accessToken } = useSharedSelector(selectAuth);
  const role = useSharedSelector(selectRole);
  const { unSeenNotifications, seenNotifications } = useSelector(selectNotifications);
  useGetAlertsQuery();
  useLiveNotifications(accessToken);
  const [markAllAsRead, { isLoading: marking }] = useMarkAllAsReadMutation();
  const count = unSeenNotifications.length;
  const badge = count > 99 ? '99+' : String(count);

  async function markAll() {
    const result = await markAllAsRead();
    if (result.error && !('statusCode' in result.error)) toast.error('Something went wrong');
  }

  return (
    <>
      {/* The badge sits beside the button, not in it, so the button's visible text is just
          "Alerts" and its name ("Alerts 2 unread") starts with it (WCAG 2.5.3). */}
      <div className="relative">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={count > 0 ? `Alerts ${badge} unread` : 'Alerts'}
          className={BOTTOM_BAR_BUTTON_CLASS}
        >
          <Bell className="size-5" aria-hidden />
          Alerts
        </button>
        {count > 0 ? (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="pointer-events-none absolute top-0 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
          >
            {badge}
          </span>
        ) : null}
      </div>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationSheet
            open={open}
            onOpenChange={setOpen}
            unseen={unSeenNotifications}
            seen={seenNotifications}
            role={role}
            onMarkAllAsRead={() => void markAll()}
            marking={marking}
          />
        </Suspense>
      ) : null}
    </>
  );
}
