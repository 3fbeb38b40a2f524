import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { logIn, openItSemesterSeven, sheetRows } from '../support/pages';

// IT BE semester 7 of the demo: its choice deadline has passed and all 20 students chose their
// electives, so it is the semester ready for division planning.
const IT_ADMIN = 'admin.it@rollbook.test';
// The demo student is the first CE BE semester 7 student by enrolment.
const DEMO_STUDENT_ENROLLMENT = '230280107001';

/** The enrolment numbers listed in a division's table, top to bottom. */
function rosterOf(page: Page, division: string): Locator {
  return page
    .getByRole('table', { name: `Students of division ${division} and their batches` })
    .locator('tbody tr td:first-of-type');
}

/** Drags with the mouse, in small steps, as a person would (the board reacts to pointer moves). */
async function dragInto(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('the admin plans the ready semester, reviews hours and divisions, confirms and downloads a division', async ({
  page,
}) => {
  // Planning runs the solver in a worker that starts on first use.
  test.setTimeout(60_000);
  await logIn(page, IT_ADMIN);
  await openItSemesterSeven(page);

  await page.getByRole('spinbutton', { name: 'Maximum Division Count' }).fill('10');
  await page.getByRole('button', { name: 'Set Division Capacity' }).click();
  const overview = page.getByRole('dialog', { name: 'Subject Hours Overview' });
  await expect(overview).toBeVisible({ timeout: 30_000 });
  // One row per subject, core and elective, then the totals.
  await expect(overview.getByRole('row', { name: /^Machine Learning/ })).toBeVisible();
  await expect(overview.getByRole('row', { name: /^Information Security/ })).toBeVisible();
  await expect(overview.getByRole('row', { name: /^Total/ })).toBeVisible();
  await overview.getByRole('button', { name: 'View Divisions' }).click();
  await expect(overview).toBeHidden();

  await expect(page.getByRole('tab', { name: 'A', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'B', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Division - A' })).toBeVisible();
  await expect(page.getByText('Students - 10')).toBeVisible();
  await expect(rosterOf(page, 'A')).toHaveCount(10);
  const planned = await rosterOf(page, 'A').allInnerTexts();

  await page.getByRole('button', { name: 'Confirm Divisions' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Divisions' })
    .getByRole('button', { name: 'Save divisions' })
    .click();
  await expect(page.getByText('Divisions saved successfully')).toBeVisible();
  await expect(page.getByText('Divisions are already created for this semester.')).toBeVisible();
  await expect(rosterOf(page, 'A')).toHaveText(planned);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Divison Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('division_A_BE_semester_7.xlsx');
  const rows = await sheetRows(download);
  expect(rows[0]).toEqual(['Enrollment', 'Student', 'Email', 'Batch', 'Elective batches', 'Electives']);
  expect(rows.slice(1).map((row) => row[0])).toEqual(planned);
  for (const row of rows.slice(1)) {
    expect(row[3]).toBe('A1');
    expect(row[5]).not.toBe('');
  }
});

test('a plan arranged by hand confirms too, with the elective batches its mixed division needs', async ({
  page,
}) => {
  await logIn(page, IT_ADMIN);
  await openItSemesterSeven(page);
  await page.getByRole('button', { name: 'Arrange divisions manually' }).click();
  const prompt = page.getByRole('dialog', { name: 'Arrange divisions manually' });
  await prompt.getByRole('spinbutton', { name: 'Approximate division count' }).fill('2');
  await prompt.getByRole('button', { name: 'Start' }).click();

  const first = page.getByRole('region', { name: 'division-1' });
  const second = page.getByRole('region', { name: 'division-2' });
  const grips = page.getByRole('button', { name: /^Drag / });
  await expect(grips).toHaveCount(3);
  const labels = (await grips.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map(
    (label) => label.replace(/^Drag /, ''),
  );
  // The first group by mouse, the other two through their "Add to" pickers.
  await dragInto(page, grips.first(), first);
  const firstCount = first.getByRole('spinbutton', { name: `${labels[0]} count in division-1` });
  await expect(firstCount).toBeVisible();
  for (const label of labels.slice(1)) {
    await page.getByRole('combobox', { name: `Add ${label} to` }).selectOption('division-2');
  }
  await expect(grips).toHaveCount(0);
  const sizeOfA = Number(await firstCount.inputValue());
  await expect(second.getByText(`Students - ${20 - sizeOfA}`)).toBeVisible();

  await page.getByRole('button', { name: 'Confirm Divisions' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Divisions' })
    .getByRole('button', { name: 'Save divisions' })
    .click();
  await expect(page.getByText('Divisions saved successfully')).toBeVisible();
  await expect(page.getByText('Divisions are already created for this semester.')).toBeVisible();
  await expect(rosterOf(page, 'A')).toHaveCount(sizeOfA);
  await page.getByRole('tab', { name: 'B', exact: true }).click();
  await expect(rosterOf(page, 'B')).toHaveCount(20 - sizeOfA);
  // B mixes two choice groups: the server added a batch per elective besides the core batch B1.
  const headers = await page
    .getByRole('table', { name: 'Students of division B and their batches' })
    .getByRole('columnheader')
    .allInnerTexts();
  expect(headers.slice(0, 3)).toEqual(['Student Name', 'Enrollment', 'B1']);
  expect(headers.length).toBeGreaterThan(3);
});

test('the demo student sees their division and lab batch', async ({ page }) => {
  await logIn(page, 'student@rollbook.test');
  await page.goto('/student-dashboard/division');
  await expect(page.getByRole('heading', { name: 'Division - A' })).toBeVisible();
  await expect(page.getByText('Students - 20')).toBeVisible();
  const me = page.getByRole('row').filter({ hasText: DEMO_STUDENT_ENROLLMENT });
  await expect(me.getByRole('img', { name: 'In batch A1' })).toBeVisible();
});
