import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calendarRoutes, ok, type Role } from '@rollbook/contract';
import { selectAuth } from '../../lib/session/auth-slice';
import { useSharedSelector } from '../../lib/store-hooks';
import { onCall, server } from '../../testing/msw';
import { renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { ProfileDialog } from './profile-dialog';

setupMswServer();

const FIRST_URL = 'http://127.0.0.1:3000/api/calendar/first-token-abcdefghijklmnop.ics';
const SECOND_URL = 'http://127.0.0.1:3000/api/calendar/second-token-abcdefghijklmno.ics';

function SignedInProfile() {
  const { userProfile } = useSharedSelector(selectAuth);
  return userProfile ? <ProfileDialog profile={userProfile} open onOpenChange={() => undefined} /> : null;
}

/** A feed server counting its calls; revoking moves the URL on to the second one. */
function serveFeed() {
  const calls = { feed: 0, revoke: 0 };
  let current = FIRST_URL;
  server.use(
    onCall(calendarRoutes.getFeedUrl, () => {
      calls.feed += 1;
      return ok({ url: current });
    }),
    onCall(calendarRoutes.revokeFeedUrl, () => {
      calls.revoke += 1;
      current = SECOND_URL;
      return ok({ url: current });
    }),
  );
  return calls;
}

function renderDialog(role: Role) {
  return renderWithProviders(<SignedInProfile />, { role });
}

describe('Calendar feed section', () => {
  it.each(['teacher', 'student'] as const)(
    'explains the feed to a %s and asks for the URL only on request',
    async (role) => {
      const calls = serveFeed();
      const { user } = renderDialog(role);
      const section = screen.getByRole('region', { name: 'Calendar feed' });
      expect(within(section).getByText(/weekly lectures in any calendar app/)).toBeInTheDocument();
      expect(calls.feed).toBe(0);
      await user.click(within(section).getByRole('button', { name: 'Show my calendar link' }));
      const field = await within(section).findByRole('textbox', { name: 'Calendar feed link' });
      expect(field).toHaveValue(FIRST_URL);
      expect(field).toHaveAttribute('readonly');
      expect(calls.feed).toBe(1);
    },
  );

  it('is not offered to admins', () => {
    renderDialog('admin');
    expect(screen.queryByRole('region', { name: 'Calendar feed' })).not.toBeInTheDocument();
  });

  it('copies the link to the clipboard', async () => {
    serveFeed();
    const { user } = renderDialog('teacher');
    // user-event installs its own clipboard stub on setup, so the spy goes on after rendering.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Show my calendar link' }));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(FIRST_URL);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    writeText.mockRestore();
  });

  it('resets the link and shows the new URL', async () => {
    const calls = serveFeed();
    const { user } = renderDialog('student');
    await user.click(screen.getByRole('button', { name: 'Show my calendar link' }));
    const field = await screen.findByRole('textbox', { name: 'Calendar feed link' });
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByText('A new link was made; the old one no longer works')).toBeInTheDocument();
    expect(field).toHaveValue(SECOND_URL);
    expect(calls.revoke).toBe(1);
  });
});
