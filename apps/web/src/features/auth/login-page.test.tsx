import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  authExtensionRoutes,
  authRoutes,
  ok,
  PASSWORD_RULE_TEXT,
  TEMPORARY_PASSWORD_CODE,
  type Role,
} from '@rollbook/contract';
import { buildTokenPair } from '../../testing/factories';
import { errorReply, onCall, server } from '../../testing/msw';
import { renderApp } from '../../testing/render';
import { setupMswServer } from '../../testing/setup-msw';

setupMswServer();

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  email = 'someone@rollbook.test',
  password = 'Secret@123',
) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the login texts and the page title', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Login to Rollbook')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password ?' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login | Rollbook'));
  });

  it.each([
    ['admin', '/subject/subject-select'],
    ['teacher', '/teacher-dashboard'],
    ['student', '/student-dashboard'],
  ] as const)('logs a %s in and goes to %s', async (role: Role, home) => {
    const pair = buildTokenPair(role);
    let body: unknown = null;
    server.use(
      onCall(authRoutes.login, async ({ request }) => {
        body = await request.json();
        return pair;
      }),
    );
    const { router, user, store } = renderApp('/login');
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
    expect(body).toEqual({ email: 'someone@rollbook.test', password: 'Secret@123', device_id: null });
    expect(localStorage.getItem('accessToken')).toBe(pair.access);
    expect(localStorage.getItem('refreshToken')).toBe(pair.refresh);
    expect(store.getState().auth.userProfile?.obj.profile.role).toBe(role);
  });

  it('sends device_id from the query string', async () => {
    let body: { device_id?: unknown } = {};
    server.use(
      onCall(authRoutes.login, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return buildTokenPair('teacher');
      }),
    );
    const { user, router } = renderApp('/login?device_id=abc');
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-dashboard'));
    expect(body.device_id).toBe('abc');
  });

  it('switches to New Password on a temporary password and finishes the login', async () => {
    const pair = buildTokenPair('teacher');
    let passwordBody: unknown = null;
    server.use(
      onCall(
        authRoutes.login,
        () =>
          ({
            error: true,
            code: TEMPORARY_PASSWORD_CODE,
            message: 'Please set new password',
            profile_slug: 'slug-1',
          }) as const,
      ),
      onCall(authRoutes.setNewPassword, async ({ request }) => {
        passwordBody = await request.json();
        return pair;
      }),
    );
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { name: 'New Password' })).toBeInTheDocument();
    expect(await screen.findByText('Temporary password. Please set a new password.')).toBeInTheDocument();
    // The rule is stated before the first submit, and tied to the field for screen readers.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);

    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(passwordBody).toBeNull();
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));

    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'NewSecret@1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret@2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(passwordBody).toBeNull();

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret@1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-dashboard'));
    expect(passwordBody).toEqual({ password: 'NewSecret@1', profile_slug: 'slug-1' });
    expect(await screen.findByText('Password Updated Successfully!')).toBeInTheDocument();
  });

  it('says "Invalid credentials" on 401 and clears the form', async () => {
    server.use(
      onCall(authRoutes.login, () => errorReply(401, 'Wrong e-mail or password', 'invalid_credentials')),
    );
    const { user, router } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('Invalid credentials')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says "Something went wrong. Please try again later" on 502', async () => {
    server.use(onCall(authRoutes.login, () => new HttpResponse('bad gateway', { status: 502 })));
    const { user } = renderApp('/login');
    await fillAndSubmit(user);
    expect(await screen.findByText('Something went wrong. Please try again later')).toBeInTheDocument();
  });

  it('requires both fields before calling the server', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('toggles the password visibility', async () => {
    const { user } = renderApp('/login');
    const field = await screen.findByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
  });
});

describe('forgot password', () => {
  it('validates the address, then reports success', async () => {
    let body: unknown = null;
    server.use(
      onCall(authRoutes.forgotPassword, async ({ request }) => {
        body = await request.json();
        return ok(true);
      }),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot Password ?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    const field = screen.getByLabelText('Email', { selector: '[name="forgot-email"]' });
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(dialog).toHaveTextContent('Please enter a valid email address');
    expect(body).toBeNull();

    await user.clear(field);
    await user.type(field, 'teacher@rollbook.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('Email has been sent successfully. Please check your email.'),
    ).toBeInTheDocument();
    expect(body).toEqual({ email: 'teacher@rollbook.test' });
  });

  it('says "Please try again after 24 hours" on 403', async () => {
    server.use(
      onCall(authRoutes.forgotPassword, () =>
        errorReply(403, 'Please try again after 24 hours', 'retry_after_24_hours'),
      ),
    );
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot Password ?' }));
    await user.type(
      await screen.findByLabelText('Email', { selector: '[name="forgot-email"]' }),
      'teacher@rollbook.test',
    );
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please try again after 24 hours')).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  it('renders the form only when both query values exist', async () => {
    renderApp('/update_password?profile_slug=abc');
    expect(await screen.findByText('This reset link is incomplete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
  });

  it.each([
    ['used', 'This link has already been used'],
    ['expired', 'This link has expired'],
    ['invalid', 'This link is not valid'],
  ] as const)('says at once that a %s link cannot set a password', async (state, heading) => {
    let checked: unknown = null;
    server.use(
      onCall(authExtensionRoutes.checkPasswordLink, async ({ request }) => {
        checked = await request.json();
        return ok({ state });
      }),
    );
    renderApp('/update_password?profile_slug=abc&profile_forgot_password_code=xyz');
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(checked).toEqual({ profile_slug: 'abc', profile_forgot_password_code: 'xyz' });
  });

  it('resets the password and goes to /login', async () => {
    let body: unknown = null;
    server.use(
      onCall(authExtensionRoutes.checkPasswordLink, () => ok({ state: 'usable' as const })),
      onCall(authRoutes.setUpdatedPassword, async ({ request }) => {
        body = await request.json();
        return ok(true);
      }),
    );
    const { user, router } = renderApp('/update_password?profile_slug=abc&profile_forgot_password_code=xyz');
    await user.type(await screen.findByLabelText('Password'), 'NewSecret@1');
    await user.type(screen.getByLabelText('Confirm Password'), 'NewSecret@1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({
      password: 'NewSecret@1',
      profile_slug: 'abc',
      profile_forgot_password_code: 'xyz',
    });
    expect(await screen.findByText('Your password has been updated successfully')).toBeInTheDocument();
  });
});
