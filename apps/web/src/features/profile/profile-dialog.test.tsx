import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authRoutes, ok, type Role } from '@rollbook/contract';
import { selectAuth } from '../../lib/session/auth-slice';
import { useSharedSelector } from '../../lib/store-hooks';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderWithProviders } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';
import { ProfileDialog } from './profile-dialog';

setupMswServer();

function SignedInProfile() {
  const { userProfile } = useSharedSelector(selectAuth);
  return userProfile ? (
    <ProfileDialog profile={userProfile} open onOpenChange={() => undefined} />
  ) : (
    <p>signed out</p>
  );
}

function renderDialog(role: Role) {
  return renderWithProviders(<SignedInProfile />, { role });
}

async function startEditing(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(screen.getByRole('button', { name: 'Edit email' }));
  return screen.getByLabelText('Email ID');
}

describe('ProfileDialog', () => {
  it.each([
    ['admin', 'Branch-dmin Profile', 'Admin Name'],
    ['teacher', 'Faculty Profile', 'Faculty Name'],
    ['student', 'Student Profile', 'Student Name'],
  ] as const)('titles the %s dialog "%s" and labels the name "%s"', (role, title, nameLabel) => {
    renderDialog(role);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(within(dialog).getByText(nameLabel)).toBeInTheDocument();
    expect(within(dialog).getByText(`Demo ${role}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Department')).toBeInTheDocument();
    expect(within(dialog).getByText('Computer Engineering')).toBeInTheDocument();
    expect(within(dialog).getByText('Email ID')).toBeInTheDocument();
  });

  it('shows the Enrollment Number to students only', () => {
    renderDialog('student');
    expect(screen.getByText('Enrollment Number')).toBeInTheDocument();
    expect(screen.getByText('210170107001')).toBeInTheDocument();
  });

  it('hides the Enrollment Number from staff', () => {
    renderDialog('teacher');
    expect(screen.queryByText('Enrollment Number')).not.toBeInTheDocument();
  });

  it('disables Update until the address changes and shows the warning', async () => {
    const { user } = renderDialog('teacher');
    const field = await startEditing(user);
    expect(field).toHaveValue('teacher@rollbook.test');
    expect(screen.getByText("Warning: You'll be logged out after updating your email")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(field, 'x');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('rejects an invalid address and resets the field to the current e-mail', async () => {
    let called = false;
    server.use(
      onCall(authRoutes.updateEmail, () => {
        called = true;
        return ok({ email: 'x' });
      }),
    );
    const { user } = renderDialog('student');
    const field = await startEditing(user);
    await user.clear(field);
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getAllByText('Please enter a valid email address').length).toBeGreaterThan(0);
    expect(field).toHaveValue('student@rollbook.test');
    expect(called).toBe(false);
  });

  it('on 403 says "Please try again after 24 hours" and resets the field', async () => {
    server.use(
      onCall(authRoutes.updateEmail, () =>
        errorReply(403, 'Please try again after 24 hours', 'retry_after_24_hours'),
      ),
    );
    const { user, store } = renderDialog('admin');
    const field = await startEditing(user);
    await user.clear(field);
    await user.type(field, 'new.admin@rollbook.test');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please try again after 24 hours')).toBeInTheDocument();
    expect(field).toHaveValue('admin@rollbook.test');
    expect(store.getState().auth.isAuth).toBe(true);
  });

  it('on success says "Email updated successfully" and logs out', async () => {
    let body: unknown = null;
    server.use(
      onCall(authRoutes.updateEmail, async ({ request }) => {
        body = await request.json();
        return ok({ email: 'new.teacher@rollbook.test' });
      }),
    );
    localStorage.setItem('callbackUrl', 'rollbook://x');
    const { user, store, router } = renderDialog('teacher');
    const field = await startEditing(user);
    await user.clear(field);
    await user.type(field, 'new.teacher@rollbook.test');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Email updated successfully')).toBeInTheDocument();
    expect(body).toEqual({ email: 'new.teacher@rollbook.test' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.isAuth).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('callbackUrl')).toBeNull();
  });
});
