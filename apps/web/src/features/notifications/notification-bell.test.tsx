import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationRoutes, ok, type Notification } from '@rollbook/contract';
import { openedSockets } from '../../testing/fake-socket';
import { buildNotification } from '../../testing/factories';
import { onCall, server } from '../../testing/msw';
import { renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { NotificationBell } from './notification-bell';

setupMswServer();

function serveAlerts(list: Notification[]) {
  server.use(onCall(notificationRoutes.getAlerts, () => ok(list)));
}

describe('NotificationBell', () => {
  it('shows the unseen count and splits messages around a "Click Here." link', async () => {
    const linked = buildNotification({ message: 'Pick your electives subject_choice_url before Friday.' });
    const plain = buildNotification({ message: 'Deadline moved' });
    const seen = buildNotification({ status: 'seen', message: 'Old news', type: 'Subject Deletion Alert' });
    serveAlerts([linked, plain, seen]);
    const { user } = renderWithProviders(<NotificationBell />, { role: 'student' });

    const bell = await screen.findByRole('button', { name: 'Alerts 2 unread' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
    await user.click(bell);

    const sheet = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(sheet).getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
    const link = within(sheet).getByRole('link', { name: 'Click Here.' });
    expect(link).toHaveAttribute('href', '/student-dashboard/elective-subject');
    expect(link.parentElement).toHaveTextContent('Pick your electives Click Here. before Friday.');
    expect(within(sheet).getByText('Deadline moved')).toBeInTheDocument();
    expect(within(sheet).queryByText('Old news')).not.toBeInTheDocument();

    await user.click(within(sheet).getByRole('tab', { name: 'All' }));
    expect(within(sheet).getByText('Old news')).toBeInTheDocument();
    const dots = within(sheet).getAllByTestId('notification-dot');
    expect(dots.map((d) => d.className.includes('bg-blue-600'))).toEqual([true, true, false]);
  });

  it('links a teacher to the teacher page', async () => {
    serveAlerts([buildNotification({ message: 'Choose subject_choice_url' })]);
    const { user } = renderWithProviders(<NotificationBell />, { role: 'teacher' });
    await user.click(await screen.findByRole('button', { name: 'Alerts 1 unread' }));
    expect(await screen.findByRole('link', { name: 'Click Here.' })).toHaveAttribute(
      'href',
      '/teacher-dashboard/subject-choice',
    );
  });

  it('marks all as read: the unread list empties and the badge disappears', async () => {
    const first = buildNotification();
    const second = buildNotification();
    serveAlerts([first, second]);
    let marked = 0;
    server.use(
      onCall(notificationRoutes.markAllAsRead, () => {
        marked += 1;
        return ok([first, second].map((n) => ({ ...n, status: 'seen' as const })));
      }),
    );
    const { user, store } = renderWithProviders(<NotificationBell />, { role: 'student' });
    await user.click(await screen.findByRole('button', { name: 'Alerts 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(marked).toBe(1);
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(store.getState().notification.seenNotifications.map((n) => n.slug)).toEqual([
      first.slug,
      second.slug,
    ]);
  });

  it('empties both lists when mark-all-as-read returns no list', async () => {
    serveAlerts([buildNotification(), buildNotification({ status: 'seen' })]);
    server.use(onCall(notificationRoutes.markAllAsRead, () => ok(null)));
    const { user } = renderWithProviders(<NotificationBell />, { role: 'student' });
    await user.click(await screen.findByRole('button', { name: 'Alerts 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getByText('No seen notifications')).toBeInTheDocument();
  });

  it('subscribes over the socket and adds live notifications', async () => {
    serveAlerts([]);
    const { user, store } = renderWithProviders(<NotificationBell />, { role: 'teacher' });
    await screen.findByRole('button', { name: 'Alerts' });
    const socket = openedSockets.at(-1);
    expect(socket).toBeDefined();

    act(() => socket?.connect());
    expect(socket?.emitted).toEqual([
      { event: 'notifications_subscribe', payload: { auth_token: store.getState().auth.accessToken } },
    ]);

    const live = buildNotification({ message: 'Fresh alert' });
    act(() => socket?.serverEmit('notification', { notification: live }));
    act(() => socket?.serverEmit('notification', { notification: live }));
    act(() => socket?.serverEmit('notification', { nonsense: true }));
    const bell = await screen.findByRole('button', { name: 'Alerts 1 unread' });
    await user.click(bell);
    expect(await screen.findByText('Fresh alert')).toBeInTheDocument();
  });

  it('shows both empty texts without notifications', async () => {
    serveAlerts([]);
    const { user } = renderWithProviders(<NotificationBell />, { role: 'student' });
    await user.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(screen.getByText('No seen notifications')).toBeInTheDocument());
  });
});
