import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, expect } from './fixtures';

/** Fills and submits the login form; does not wait for where it leads. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * How long a sign-in may take to show the signed-in layout: four round trips and three chunks
 * fetched on demand. Beside a second browser suite and a Chromium bench (load average ~9), two
 * sign-ins outran the default 15 s; an upper bound, never a speed claim.
 */
const SIGNED_IN_WAIT_MS = 30_000;

/** Signs in through the login page and waits for the signed-in layout (its notification bell). */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitLogin(page, email, password);
  await expect(page.getByRole('button', { name: /^Alerts/ })).toBeVisible({ timeout: SIGNED_IN_WAIT_MS });
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The Authorization header of the person signed in on a page (for API calls beside the UI). */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** Picks the option of a native select whose label starts with `prefix`. */
export async function chooseOption(select: Locator, prefix: string) {
  const option = select.locator('option', { hasText: prefix }).first();
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

/** The rows of the first sheet of a downloaded workbook, as arrays of cell texts. */
export async function sheetRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}

/** What the access token says about its holder (the `obj` claim, §3.1). */
export interface TokenClaims {
  slug?: string;
  enrollment?: string;
  profile: { name: string | null; email: string; role: string };
}

/** Signs in through the API (no page): the Authorization header and the token's claims. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/api/login/', { data: { email, password } });
  expect(login.ok(), `${email} can sign in`).toBe(true);
  const { access } = (await login.json()) as { access: string };
  const payload = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as {
    obj: TokenClaims;
  };
  return { headers: { Authorization: `Bearer ${access}` }, claims: payload.obj };
}

/**
 * Opens Division Creation on IT BE semester 7 of the demo (choices closed, all 20 students chose:
 * the semester ready for planning) and waits for its choice groups.
 */
export async function openItSemesterSeven(page: Page) {
  await page.goto('/division-creation');
  await chooseOption(page.getByRole('combobox', { name: 'Stream' }), 'BE - 16');
  await expect(page.getByRole('combobox', { name: 'Semester' }).locator('option')).not.toHaveCount(1);
  await chooseOption(page.getByRole('combobox', { name: 'Semester' }), 'Semester - 7');
  await expect(page.getByText(/^Total Students/)).toHaveText('Total Students : 20');
}
