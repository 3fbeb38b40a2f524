import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { studentHearingTheRoom } from '../support/fake-microphone';
import { demoTeacherLecture } from '../support/lectures';
import { chooseOption, logIn, logOut, openItSemesterSeven } from '../support/pages';

// What a first-time user tripped on (issue 18), one test per major finding.

async function alertMessages(page: Page): Promise<string[]> {
  const sheet = page.getByRole('dialog', { name: 'Notifications' });
  // What this test checks is the alerts' texts. A click right after sign-in once opened nothing in
  // CI (not reproduced since; noted in the closing note of 2026-11-25), so the click is repeated
  // until the sheet shows rather than failing the texts' check on it.
  await expect(async () => {
    if (!(await sheet.isVisible())) await page.getByRole('button', { name: /^Alerts/ }).click();
    await expect(sheet).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 20_000 });
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
  await openItSemesterSeven(page);

  const size = page.getByRole('spinbutton', { name: 'Maximum Division Count' });
  await expect(size).toHaveAccessibleDescription('The most students one division may hold');
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
  // Nothing was saved: the semester still offers its choice groups to plan from.
  await openItSemesterSeven(page);
  await expect(page.getByRole('spinbutton', { name: 'Maximum Division Count' })).toBeVisible();
  await expect(page.getByText('Divisions are already created for this semester.')).toHaveCount(0);
});

test('the student sees which lecture is live, follows its start without a reload, and sees marking progress', async ({
  request,
  server,
}, testInfo) => {
  test.setTimeout(120_000);
  // The demo teacher's division A lecture of today, through the API.
  const { headers, lecture } = await demoTeacherLecture(request);

  let browser: Browser | undefined;
  try {
    const opened = await studentHearingTheRoom(testInfo, server.baseURL);
    browser = opened.browser;
    const { page } = opened;
    const card = page.getByRole('article', { name: lecture.card });
    await expect(card.getByText('Not started')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark Attendance' })).toBeDisabled();
    await expect(card.getByText('Marking opens when the teacher starts the session.')).toBeVisible();

    // The teacher starts the session; the open page follows without a reload.
    const started = await request.post('/api/manage/session/create_lecture_session/', {
      headers,
      multipart: { lecture_slug: lecture.slug, classroom_slug: '' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    await expect(card.getByText('Live now')).toBeVisible({ timeout: 30_000 });
    const mark = card.getByRole('button', { name: 'Mark Attendance' });
    await expect(mark).toBeEnabled();

    // Marking says what it does: the recording runs down, then the server checks it. The upload is
    // held until the check is seen, so a fast answer cannot hide it.
    let releaseUpload = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/manage/session/mark_attendance_for_student/', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await mark.click();
    await expect(page.getByText('Marking Attendance. Please do not refresh this page!')).toBeVisible();
    await expect(page.getByText(/^Recording… \d s left/)).toBeVisible();
    await expect(page.getByText(/^Checking…/)).toBeVisible({ timeout: 30_000 });
    releaseUpload();
    await expect(page.getByText('Marking Attendance. Please do not refresh this page!')).toBeHidden({
      timeout: 30_000,
    });
  } finally {
    await browser?.close();
  }
});

test('the allocation says what it covers, offers the spreadsheet only once confirmed, and the demo teacher has his load', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // IT's allocation is a proposal: the scope is named, and the spreadsheet waits for a confirm.
  await logIn(page, 'admin.it@rollbook.test');
  await page.goto('/admin/subject-allocation');
  const scope = page.getByRole('region', { name: 'Allocation scope' });
  await expect(scope).toContainText('Term 2026-27, odd semesters', { timeout: 30_000 });
  await expect(scope).toContainText('BE Information Technology - Semester 5');
  await expect(scope).not.toContainText('(confirmed)');
  const download = page.getByRole('button', { name: 'Download Excel' });
  await expect(download).toBeDisabled();
  await expect(download).toHaveAccessibleDescription(/Confirm the allocation first/);
  await logOut(page);

  // CE's is confirmed (from its timetable): the spreadsheet is offered.
  await logIn(page, 'admin@rollbook.test');
  await page.goto('/admin/subject-allocation');
  await expect(page.getByRole('region', { name: 'Allocation scope' })).toContainText(
    'BE Computer Engineering - Semester 7 (confirmed)',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('button', { name: 'Download Excel' })).toBeEnabled();
  await logOut(page);

  // The demo teacher's load lists the lecture he teaches every day.
  await logIn(page, 'teacher@rollbook.test');
  await page.goto('/teacher-dashboard/load-allocation');
  const load = page.getByRole('table', { name: 'My allocated load' });
  await expect(load.getByRole('row', { name: 'Information Security', exact: true })).toBeVisible();
  await expect(page.getByText('No load has been allocated to you yet.')).toHaveCount(0);
});

/**
 * Where a control stands against the toasts on screen: whether any toast's box meets the control's,
 * and whether the point at the control's centre reaches the control (nothing drawn over it).
 */
async function againstToasts(control: Locator) {
  return control.evaluate((element) => {
    const toasts = Array.from(document.querySelectorAll('[data-sonner-toast][data-visible="true"]'));
    const box = element.getBoundingClientRect();
    const meets = toasts.some((toast) => {
      const t = toast.getBoundingClientRect();
      return box.left < t.right && t.left < box.right && box.top < t.bottom && t.top < box.bottom;
    });
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { toasts: toasts.length > 0, meets, reached: hit !== null && element.contains(hit) };
  });
}

/** A toast is showing and does not cover the control (polled while the toast slides in). */
async function expectUncovered(page: Page, control: Locator) {
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  await expect.poll(() => againstToasts(control)).toEqual({ toasts: true, meets: false, reached: true });
}

test('toasts leave the header, the menu and a sheet’s title and close button uncovered, and a followed hint is not repeated', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const hint = page.getByText('Please select the stream.');
  const avatar = page.locator('header [role="img"]');
  await logIn(page, 'admin.it@rollbook.test');
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // The picker's hint toasts once the streams are read.
    await page.goto('/division-creation');
    await expect(hint).toBeVisible();
    // The pointer resting on the toast holds it (sonner pauses its timer); the checks below read
    // the layout, not the pointer, and the sheet opens from the keyboard.
    await page.locator('[data-sonner-toast]').first().hover();
    await expectUncovered(page, avatar);
    if (viewport.width < 1024) await expectUncovered(page, page.getByRole('button', { name: 'Menu' }));

    // A sheet opened while the toast shows keeps its title and close button clear.
    await page.getByRole('button', { name: /^Alerts/ }).press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet).toBeVisible();
    await expectUncovered(page, sheet.getByRole('button', { name: 'Close' }));
    await expectUncovered(page, sheet.getByRole('heading', { name: 'Notifications' }));
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  }

  // Following the hint takes it away, and the next visit does not repeat it.
  await expect(hint).toBeVisible();
  await chooseOption(page.getByRole('combobox', { name: 'Stream' }), 'BE - 16');
  await expect(hint).toBeHidden();
  await page.goto('/division-creation');
  await expect(page.getByRole('combobox', { name: 'Stream' }).locator('option')).not.toHaveCount(1);
  // The hint would toast right after the streams render; give it the chance before looking.
  await page.waitForTimeout(1000);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});
