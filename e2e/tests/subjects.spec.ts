import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { chooseOption, logIn, logOut, sheetRows } from '../support/pages';

// The second CE BE semester-5 student of the seed by enrolment ({admission year}0280 1 {stream} {n}).
const STUDENT_ENROLLMENT = '240280107002';
const STUDENT_EMAIL = `${STUDENT_ENROLLMENT}@students.rollbook.test`;
const TEACHER_NAME = 'Chirag S. Thakkar';

const CORE = ['Analysis and Design of Algorithms', 'Computer Networks'];
// Three professional electives, so deleting one student pick leaves a real choice (not an
// automatic assignment); two open electives.
const PROFESSIONAL = ['Advanced Java Programming', 'Web Programming', 'Python for Data Science'];
const OPEN = ['Cyber Laws', 'Entrepreneurship Development'];

async function chooseCeBe5(page: Page) {
  await chooseOption(page.getByRole('combobox', { name: 'Stream' }), 'BE - 07');
  await expect(page.getByRole('combobox', { name: 'Semester' }).locator('option')).not.toHaveCount(1);
  await chooseOption(page.getByRole('combobox', { name: 'Semester' }), 'Semester - 5');
}

async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return download;
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function adminLocksSemesterFive(page: Page) {
  await logIn(page, 'admin@rollbook.test');
  await expect(page).toHaveURL(/\/subject\/subject-select/);
  await chooseCeBe5(page);
  const year = page.getByRole('combobox', { name: 'Academic Year' });
  await chooseOption(year, '2026-27');
  for (const name of [...CORE, ...PROFESSIONAL, ...OPEN]) {
    await page.getByRole('button', { name: `Select ${name}`, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Lock Subjects (7)' }).click();
  const panel = page.getByRole('dialog', { name: 'Lock Subjects' });
  await panel.getByRole('checkbox', { name: 'Tech. Cyber Laws' }).uncheck();
  await panel.getByLabel('Set timeline for subject selection').fill(inDays(10));
  await panel.getByRole('button', { name: 'Lock Subject' }).click();
  await expect(page.getByText('Subjects are successfully Locked')).toBeVisible();
  await expect(page.getByText(/Decision Deadline/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Select / })).toHaveCount(0);
  await logOut(page);
}

async function teacherRanksAndSaves(page: Page) {
  await logIn(page, 'teacher@rollbook.test');
  await page.getByRole('button', { name: /^Alerts/ }).click();
  await expect(page.getByText(/Subject choices for .*5.* are open/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/teacher-dashboard/subject-choice');
  await page
    .getByRole('button', { name: `Choose ${CORE[0]}` })
    .first()
    .click();
  await page
    .getByRole('button', { name: `Choose ${CORE[1]}` })
    .first()
    .click();
  await page.getByRole('button', { name: /Adjust Priority By Drag & Drop/ }).click();
  const panel = page.getByRole('dialog', { name: 'Adjust Priority By Drag & Drop' });
  const cards = panel.getByRole('listitem');
  await expect(cards.first()).toHaveAccessibleName(`${CORE[0]}, Priority - 1`);
  // The sheet slides in; the keyboard sensor measures the cards at pick-up, so a pick-up during the
  // slide would measure them where they no longer are and the arrow key would find no card above.
  await panel.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  // Keyboard drag (@dnd-kit keyboard sensor): pick up, move one place up, drop.
  // Each step waits for the live-region announcement: the sensor measures the cards after pick-up.
  await panel.getByRole('button', { name: `Drag ${CORE[1]}` }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${CORE[1]} is over priority 2.`)).toBeAttached();
  // The sensor starts listening for arrow keys on a timer after pick-up; on a loaded machine the
  // first arrow can arrive before it. Another ArrowUp at the top moves nothing, so retrying is safe.
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`${CORE[1]} is over priority 1.`)).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Space');
  await expect(cards.first()).toHaveAccessibleName(`${CORE[1]}, Priority - 1`);
  await expect(cards.nth(1)).toHaveAccessibleName(`${CORE[0]}, Priority - 2`);
  await panel.getByRole('button', { name: 'Save Choices' }).click();
  await expect(page.getByText('Subjects saved successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsave' })).toBeVisible();
  await logOut(page);
}

async function studentPicksElectives(page: Page, professional: string) {
  await page.goto('/student-dashboard/elective-subject');
  await page.getByRole('radio', { name: new RegExp(professional) }).check();
  await page.getByRole('radio', { name: new RegExp(OPEN[0]!) }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Subjects are saved Successfully')).toBeVisible();
  const saved = page.getByRole('region', { name: 'Your Elective Subjects' });
  await expect(saved.getByText(professional)).toBeVisible();
}

test('subject cycle: admin locks, teacher ranks, student picks, admin confirms', async ({ page }) => {
  test.setTimeout(180_000);
  await adminLocksSemesterFive(page);
  await teacherRanksAndSaves(page);

  await logIn(page, STUDENT_EMAIL);
  await studentPicksElectives(page, PROFESSIONAL[0]!);
  await logOut(page);

  // Admin: teachers of a subject, the three spreadsheets, unlocking the teacher.
  await logIn(page, 'admin@rollbook.test');
  await page.goto('/subject/subject-selection-confirmation');
  await chooseCeBe5(page);
  await chooseOption(page.getByRole('combobox', { name: 'Subject', exact: true }), CORE[1]!);
  await expect(page.getByRole('heading', { name: `Subject - ${CORE[1]}` })).toBeVisible();
  const teacherRow = page.getByRole('row', { name: new RegExp(TEACHER_NAME) });
  await expect(teacherRow.getByRole('cell').nth(1)).toHaveText('1');

  const subjectToTeacher = await sheetRows(
    await downloadFrom(page, page.getByRole('button', { name: 'Subject to teacher map' })),
  );
  expect(subjectToTeacher.some((row) => row.join(' ').includes(TEACHER_NAME))).toBe(true);

  await page.getByRole('button', { name: 'Teacher to subject map' }).click();
  const mapPanel = page.getByRole('dialog', { name: 'Teacher to subject map' });
  const teacherToSubject = await sheetRows(
    await downloadFrom(page, mapPanel.getByRole('button', { name: 'Download Excel file' })),
  );
  expect(
    teacherToSubject.some((row) => row.join(' ').includes(TEACHER_NAME) || row.join(' ').includes(CORE[1]!)),
  ).toBe(true);
  const teacherEntry = mapPanel.getByRole('listitem', { name: TEACHER_NAME });
  await teacherEntry.getByRole('button', { name: 'Unlock choice' }).click();
  await page.getByRole('dialog', { name: 'Unlock choice' }).getByRole('button', { name: 'Unlock' }).click();
  await expect(
    page.getByText(`Subject choice for facult - ${TEACHER_NAME} is successfully unlock..!!`),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Students: the student's pick, the semester spreadsheet, deleting the pick.
  await page.getByRole('tab', { name: 'Students' }).click();
  await chooseCeBe5(page);
  await chooseOption(page.getByRole('combobox', { name: 'Subject Category' }), 'Professional Elective');
  await chooseOption(page.getByRole('combobox', { name: 'Subject', exact: true }), PROFESSIONAL[0]!);
  const studentRow = page.getByRole('row', { name: new RegExp(STUDENT_ENROLLMENT) });
  await expect(studentRow).toBeVisible();

  const studentToSubject = await sheetRows(
    await downloadFrom(page, page.getByRole('button', { name: 'Student to Subject Map' })),
  );
  expect(studentToSubject.some((row) => row.join(' ').includes(STUDENT_ENROLLMENT))).toBe(true);

  await studentRow.getByRole('button', { name: /Delete choice of/ }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete student choice' });
  await deleteDialog.getByLabel('Type delete to confirm').fill('delete');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Subject deleted successfully')).toBeVisible();
  await expect(studentRow).toHaveCount(0);
  await logOut(page);

  // The student is told and can choose again.
  await logIn(page, STUDENT_EMAIL);
  await page.getByRole('button', { name: /^Alerts/ }).click();
  await expect(page.getByText(new RegExp(`${PROFESSIONAL[0]} was removed`)).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await studentPicksElectives(page, PROFESSIONAL[1]!);
});
