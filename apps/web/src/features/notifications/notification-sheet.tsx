import type { Notification, Role } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { Sheet } from '../../components/ui/sheet';
import { Tabs } from '../../components/ui/tabs';
import { NotificationItem } from './notification-item';

export interface NotificationSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unseen: Notification[];
  seen: Notification[];
  role: Role | null;
  onMarkAllAsRead: () => void;
  marking: boolean;
}

// Product spec §9: 80vh on phones, 60vh otherwise, spelled as literal classes because Tailwind
// only generates classes it can read in the source.
const SHEET_HEIGHT = 'h-[80vh] md:h-[60vh]';

/**
 * The notification bottom sheet: tabs Unread (default, with "Mark all as read") and All (unread
 * first, then the seen ones), each with its empty text.
 */
export function NotificationSheet({
  open,
  onOpenChange,
  unseen,
  seen,
  role,
  onMarkAllAsRead,
  marking,
}: NotificationSheetProps) {
  const close = () => onOpenChange(false);
  const list = (items: Notification[]) => (
    <ul className="flex flex-col gap-2">
      {items.map((n) => (
        <NotificationItem key={n.slug} notification={n} role={role} onNavigate={close} />
      ))}
    </ul>
  );
  const empty = (text: string) => <p className="py-8 text-center text-sm text-slate-500">{text}</p>;

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Notifications"
      description="Your notifications"
      heightClassName={SHEET_HEIGHT}
    >
      <Tabs
        label="Notification filter"
        defaultValue="unread"
        items={[
          {
            value: 'unread',
            label: 'Unread',
            content: (
              <div className="flex flex-col gap-3">
                <div className="flex justify-end">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={onMarkAllAsRead}
                    disabled={marking || unseen.length === 0}
                  >
                    Mark all as read
                  </Button>
                </div>
                {unseen.length > 0 ? list(unseen) : empty('No unread notifications')}
              </div>
            ),
          },
          {
            value: 'all',
            label: 'All',
            content: (
              <div className="flex flex-col gap-2">
                {unseen.length > 0 ? list(unseen) : null}
                {seen.length > 0 ? list(seen) : empty('No seen notifications')}
              </div>
            ),
          },
        ]}
      />
    </Sheet>
  );
}
