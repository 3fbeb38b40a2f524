import { SignJWT, decodeJwt } from 'jose';
import { expect, lastMailTo, raiseAlert, test } from '../support/fixtures';
import { E2E_JWT_SECRET } from '../support/env';
import { logIn, submitLogin } from '../support/pages';
import { printLog, recordApiCalls } from '../support/api-log';

test.describe('sign-in', () => {
  for (const [email, home] of [
    ['admin@rollbook.test', '/subject/subject-select'],
    ['teacher@rollbook.test', '/teacher-dashboard'],
    ['student@rollbook.test', '/student-dashboard'],
  ] as const) {
    test(`${email} lands on ${home}`, async ({ page }) => {
      await submitLogin(page, email);
      await expect(page).toHaveURL(new RegExp(`${home}/?$`));
      // The protected layout's bottom bar is there: the user is really signed in.
      await expect(page.getByRole('button', { name: /^Alerts/ })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    });
  }

  test('a wrong password shows "Invalid credentials" and stays on login', async ({ page }) => {
    await submitLogin(page, 'admin@rollbook.test', 'wrong-password-1');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the temporary-password flow ends on the teacher dashboard', async ({ page }) => {
    await submitLogin(page, 'newteacher@rollbook.test');
    await expect(page.getByText('Temporary password. Please set a new password.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Fresh-pass-2026');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Fresh-pass-2026');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password Updated Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/teacher-dashboard\/?$/);
    // The new password works from now on; the temporary one does not.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await submitLogin(page, 'newteacher@rollbook.test');
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await submitLogin(page, 'newteacher@rollbook.test', 'Fresh-pass-2026');
    await expect(page).toHaveURL(/\/teacher-dashboard\/?$/);
  });

  test('forgot password: mail, reset page, log in with the new password', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password ?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('student@rollbook.test');
    await dialog.getByRole('button', { name: /send|submit|reset/i }).click();
    await expect(page.getByText('Email has been sent successfully. Please check your email.')).toBeVisible();

    const resetLink = async () =>
      /(http:\/\/[^\s]+\/update_password\?profile_slug=[\w-]+&profile_forgot_password_code=[\w-]+)/.exec(
        (await lastMailTo('student@rollbook.test')) ?? '',
      )?.[1];
    await expect.poll(resetLink).toBeTruthy();
    const link = await resetLink();
    await page.goto(link!);
    // The rule is stated before anything is submitted.
    await expect(page.getByText('At least 8 characters, with letters and numbers.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Reset-pass-2026');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Reset-pass-2026');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Your password has been updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await submitLogin(page, 'student@rollbook.test', 'Reset-pass-2026');
    await expect(page).toHaveURL(/\/student-dashboard\/?$/);

    // The spent link says so as soon as it opens, with no form to type into first.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Password' })).toHaveCount(0);
  });
});

test.describe('session', () => {
  // The API calls of a test, shown with its failure: which answer signed a person out, if one did.
  let apiCalls: string[] = [];
  test.beforeEach(({ context }) => {
    apiCalls = recordApiCalls(context);
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads this pattern: no fixtures.
  test.afterEach(({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) printLog('API calls', apiCalls);
  });

  test('an expired access token is refreshed transparently', async ({ page, context }) => {
    await submitLogin(page, 'teacher@rollbook.test');
    await expect(page).toHaveURL(/\/teacher-dashboard/);
    const current = await page.evaluate(() => localStorage.getItem('accessToken'));
    const claims = decodeJwt(current!);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ ...claims, iat: past - 60, exp: past })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(E2E_JWT_SECRET));
    // The teacher comes back later in a new tab. The first tab is closed before: a running app keeps
    // its token in memory and stores it again whenever its state changes, over the planted one.
    await page.close();
    const later = await context.newPage();
    // Planted before the app's scripts run, in both places the app keeps it.
    await later.addInitScript((token) => {
      if (sessionStorage.getItem('planted')) return;
      sessionStorage.setItem('planted', '1');
      localStorage.setItem('accessToken', token);
      const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
      if (root.auth) root.auth = JSON.stringify({ ...(JSON.parse(root.auth) as object), accessToken: token });
      localStorage.setItem('persist:root', JSON.stringify(root));
    }, expired);
    const refreshed = later.waitForResponse(
      (r) => r.url().includes('/auth/api/token/refresh/') && r.status() === 200,
      { timeout: 30_000 },
    );
    await later.goto('/teacher-dashboard');
    await refreshed;
    await expect(later).toHaveURL(/\/teacher-dashboard/);
    await expect(later.getByRole('button', { name: /^Alerts/ })).toBeVisible();
    const now = await later.evaluate(() => localStorage.getItem('accessToken'));
    expect(now).not.toBe(expired);
    expect(decodeJwt(now!).exp!).toBeGreaterThan(Date.now() / 1000);
  });

  test('a student opening an admin page lands on the student home', async ({ page }) => {
    await submitLogin(page, 'student@rollbook.test');
    await expect(page).toHaveURL(/\/student-dashboard/);
    await page.goto('/subject/subject-select');
    await expect(page).toHaveURL(/\/student-dashboard\/?$/);
  });

  test('the bell shows a new alert live', async ({ page, request }) => {
    const alertsLoaded = page.waitForResponse((r) => r.url().includes('/manage/alerts/get_alerts'));
    await submitLogin(page, 'student@rollbook.test');
    await alertsLoaded;
    const bell = page.getByRole('button', { name: /^Alerts/ });
    // The demo student may already have the alert of their own semester's choice round: read it first.
    await bell.click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet.getByRole('tab', { name: 'Unread' })).toBeVisible();
    const markAll = sheet.getByRole('button', { name: 'Mark all as read' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(sheet.getByText('No unread notifications')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAccessibleName('Alerts');
    await raiseAlert(request, 'student@rollbook.test', 'Electives are open: subject_choice_url');
    await expect(bell).toHaveAccessibleName('Alerts 1 unread');
    await bell.click();
    const alert = page.getByRole('paragraph').filter({ hasText: 'Electives are open:' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Click Here.' })).toHaveAttribute(
      'href',
      '/student-dashboard/elective-subject',
    );
  });

  test('the server going away shows the 502 page', async ({ page }) => {
    // Signed in and the page checked (the bell shows), so the reload interrupts nothing: a reload
    // while the first token check was in flight once came back at /login on a loaded CI machine.
    await logIn(page, 'admin@rollbook.test');
    await expect(page).toHaveURL(/\/subject\/subject-select/);
    await page.route('**/api/check_server_avaibility', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page).toHaveURL(/\/502$/);
  });

  test('logout clears the session', async ({ page }) => {
    await submitLogin(page, 'admin@rollbook.test');
    await expect(page).toHaveURL(/\/subject\/subject-select/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    // No token survives anywhere (the store may re-persist its empty, signed-out state).
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    await page.goto('/subject/subject-select');
    await expect(page).toHaveURL(/\/login/);
  });
});
