import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { chooseOption, logIn, logOut } from '../support/pages';

// What a first-time user tripped on (issue 18), one test per major finding.

async function alertMessages(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Alerts/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Notifications' });
  await expect(sheet).toBeVisible();
  const texts = await sheet.getByRole('listitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}

test('closed choices say why, invite nobody, and the demo has choices to try', async ({ page }) => {
  // The demo student's semester has divisions: the page gives the server's reason, no deadline.
  await logIn(page, 'student@rollbook.test');
  expect((await alertMessages(page)).filter((m) => /open until/.test(m))).toEqual([]);
  await page.goto('/student-dashboard/elective-subject');
  await expect(page.getByText('Subject choices are closed for now.')).toBeVisible();
  await expect(page.getByText(/divisions were already created from the choices/)).toBeVisible();
  await expect(page.getByText(/Decision Deadline/)).toHaveCount(0);
  await logOut(page);

  // The electives demo student (CE ME semester 1) really chooses, as the README says.
  await logIn(page, 'student.me@rollbook.test');
  expect((await alertMessages(page)).some((m) => /open until/.test(m))).toBe(true);
  await page.goto('/student-dashboard/elective-subject');
  await expect(page.getByText(/Decision Deadline/)).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Subjects are saved Successfully')).toBeVisible();
  await logOut(page);

  // The demo teacher has an open choice too (CE ME semester 1).
  await logIn(page, 'teacher@rollbook.test');
  await page.goto('/teacher-dashboard/subject-choice');
  await expect(page.getByRole('button', { name: /^Choose / }).first()).toBeVisible();
  await expect(page.getByText('Subject choices are closed for now.')).toHaveCount(0);
});

test('division size: a helper line, a warning for too many divisions, and a question before saving', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, 'admin.it@rollbook.test');
  await page.goto('/division-creation');
  await chooseOption(page.getByRole('combobox', { name: 'Stream' }), 'BE - 16');
  await expect(page.getByRole('combobox', { name: 'Semester' }).locator('option')).not.toHaveCount(1);
  await chooseOption(page.getByRole('combobox', { name: 'Semester' }), 'Semester - 7');
  await expect(page.getByText(/^Total Students/)).toHaveText('Total Students : 20');

  const size = page.getByRole('spinbutton', { name: 'Maximum Division Count' });
  await expect(size).toHaveAccessibleDescription('students per division');
  await size.fill('2');
  await expect(page.getByText(/about 10 divisions/)).toBeVisible();
  await expect(page.getByText(/That makes 10 divisions/)).toBeVisible();

  await page.getByRole('button', { name: 'Set Division Capacity' }).click();
  const overview = page.getByRole('dialog', { name: 'Subject Hours Overview' });
  await expect(overview).toBeVisible({ timeout: 30_000 });
  await overview.getByRole('button', { name: 'View Divisions' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /That makes \d+ divisions/ })).toBeVisible();

  // Confirm asks first; Cancel saves nothing.
  await page.getByRole('button', { name: 'Confirm Divisions' }).click();
  const ask = page.getByRole('dialog', { name: 'Confirm Divisions' });
  await expect(ask).toContainText(/elective choices of this semester are then frozen/);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await page.reload();
  await chooseOption(page.getByRole('combobox', { name: 'Stream' }), 'BE - 16');
  await expect(page.getByRole('combobox', { name: 'Semester' }).locator('option')).not.toHaveCount(1);
  await chooseOption(page.getByRole('combobox', { name: 'Semester' }), 'Semester - 7');
  await expect(page.getByRole('spinbutton', { name: 'Maximum Division Count' })).toBeVisible();
  await expect(page.getByText('Divisions are already created for this semester.')).toHaveCount(0);
});
