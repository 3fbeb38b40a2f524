import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { chooseOption, logIn, logOut } from '../support/pages';

const RECEIVER = 'Chirag S. Thakkar';
const RECEIVER_EMAIL = 'teacher@rollbook.test';

/** The texts of a table row's data cells (the row header, the name, is not one of them). */
async function cellTexts(row: Locator): Promise<string[]> {
  return row.getByRole('cell').allInnerTexts();
}

test('the admin moves hours between two teachers and confirms; the teacher sees the new load', async ({
  page,
}) => {
  // The first visit runs the solver on the demo's planned semesters (a few seconds).
  test.setTimeout(90_000);
  await logIn(page, 'admin@rollbook.test');
  await page.goto('/admin/subject-allocation');
  await expect(page.getByRole('heading', { name: 'Subject Allocation' })).toBeVisible();
  const allocated = page.getByRole('table', { name: 'Allocated Subjects' });
  await expect(allocated).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Allocation summary' })).toContainText('Hours covered');
  // The demo's CE allocation is confirmed from the timetable: reset it to review the solver's proposal.
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('dialog', { name: 'Reset allocation' }).getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('region', { name: 'Allocation scope' })).not.toContainText('(confirmed)', {
    timeout: 30_000,
  });
  await expect(allocated).toBeVisible({ timeout: 30_000 });

  // The demo proposal gives the receiver nothing; take two theory hours from a teacher who has some.
  const receiverRow = allocated.getByRole('row', { name: RECEIVER, exact: true });
  expect((await cellTexts(receiverRow)).slice(2, 4)).toEqual(['0', '0']);
  const giver =
    (await allocated.getByRole('row').filter({ hasText: '(Theory' }).first().getAttribute('aria-label')) ??
    '';
  expect(giver).not.toBe('');
  // Pinned by name: the filter above would match the receiver once it has theory hours.
  const giverRow = allocated.getByRole('row', { name: giver, exact: true });
  const giverTotal = Number((await cellTexts(giverRow))[6]);

  await giverRow.getByRole('button', { name: `Edit load of ${giver}` }).click();
  const panel = page.getByRole('dialog', { name: `Load of ${giver}` });
  const move = panel.getByRole('form', { name: /^Move Theory hours of / }).first();
  const subject = ((await move.getAttribute('aria-label')) ?? '').replace('Move Theory hours of ', '');
  await expect(
    move.getByRole('combobox', { name: 'Move to' }).locator('option', { hasText: RECEIVER }),
  ).toHaveCount(1);
  await chooseOption(move.getByRole('combobox', { name: 'Move to' }), RECEIVER);
  await move.getByRole('combobox', { name: 'Hours' }).selectOption('2');
  await move.getByRole('button', { name: 'Move' }).click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await expect(receiverRow).toContainText(`${subject} (Theory 2 h)`);
  expect((await cellTexts(receiverRow)).slice(2, 4)).toEqual(['2', '0']);
  expect(Number((await cellTexts(giverRow))[6])).toBe(giverTotal - 2);
  await expect(page.getByText('You have changes that are not confirmed yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Confirm Allocation' }).click();
  // Confirming replaces what was confirmed before: the page asks first.
  const ask = page.getByRole('dialog', { name: 'Confirm allocation' });
  await ask.getByRole('button', { name: 'Confirm Allocation' }).click();
  await expect(page.getByText('Subject allocation has been confirmed successfully')).toBeVisible();
  // Reloading shows the confirmed allocation, not the proposal.
  await page.reload();
  await expect(allocated.getByRole('row', { name: RECEIVER, exact: true })).toContainText(
    `${subject} (Theory 2 h)`,
    {
      timeout: 30_000,
    },
  );
  await logOut(page);

  await logIn(page, RECEIVER_EMAIL);
  await page.goto('/teacher-dashboard/load-allocation');
  const load = page.getByRole('table', { name: 'My allocated load' });
  const row = load.getByRole('row', { name: subject, exact: true });
  await expect(row).toBeVisible();
  const cells = await cellTexts(row);
  expect(cells.slice(0, 4)).toEqual(['2', '0', '0', '2']);
  expect(cells[4]).toContain(giver);
  await expect(page.getByText('Weekly load:')).toContainText('2 h');
});
