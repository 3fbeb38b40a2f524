import type { Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, settle } from '../support/accessibility';
import { expect, lastMailTo, test } from '../support/fixtures';
import { apiSignIn, logIn, logOut, submitLogin } from '../support/pages';

const NEW_STUDENT = {
  name: 'Nisha Desai',
  email: 'nisha.desai@students.example.test',
  enrollment: '260280107901',
  password: 'Nisha-first-2027',
};

/** The set-password link of the newest mail to an address (the outbox of the embedded server). */
async function invitationLink(address: string): Promise<string> {
  await expect.poll(async () => (await lastMailTo(address)) !== undefined).toBe(true);
  const mail = (await lastMailTo(address))!;
  const link =
    /(http:\/\/[^\s]+\/update_password\?profile_slug=[\w-]+&profile_forgot_password_code=[\w-]+)/.exec(
      mail,
    )?.[1];
  expect(link, 'a set-password link in the invitation').toBeTruthy();
  return link!;
}

async function openPeople(page: Page) {
  await page.goto('/admin/people');
  await settle(page, page.getByRole('table', { name: 'People' }));
}

test('an admin adds a student with an invitation; the student sets a password from the mail and signs in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, 'admin@rollbook.test');
  await openPeople(page);

  await page.getByRole('button', { name: 'Add person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person' });
  await dialog.getByLabel('Name').fill(NEW_STUDENT.name);
  await dialog.getByLabel('Email').fill(NEW_STUDENT.email);
  await dialog.getByLabel('Enrolment number').fill(NEW_STUDENT.enrollment);
  await expect(dialog.getByRole('combobox', { name: 'Branch' })).toHaveValue(/.+/);
  const semester = dialog.getByRole('combobox', { name: 'Semester' });
  await semester.selectOption({ label: (await semester.locator('option').nth(1).textContent()) ?? '' });
  await expect(dialog.getByRole('checkbox', { name: /Send an invitation e-mail now/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add person' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${NEW_STUDENT.name} was added and invited.` }),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(NEW_STUDENT.enrollment);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(NEW_STUDENT.name) });
  await expect(row.getByText(/^Invited /)).toBeVisible();
  await logOut(page);

  const link = await invitationLink(NEW_STUDENT.email);
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(NEW_STUDENT.password);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(NEW_STUDENT.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The link works once: opened again, the page says so at once and offers no form.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

  const timetable = page.waitForResponse((r) => r.url().includes('/manage/get_timetable_for_student'));
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 23.0338, longitude: 72.5461 });
  await submitLogin(page, NEW_STUDENT.email, NEW_STUDENT.password);
  await expect(page).toHaveURL(/\/student-dashboard\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  expect((await timetable).status()).toBe(200);
});

test('an admin places a student admitted after the term began; the server keeps it from that day', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A late admission: added to CE BE semester 7, in no division yet.
  const { headers } = await apiSignIn(request, 'admin@rollbook.test');
  const options = (await (await request.get('/api/institution/people/options', { headers })).json()).data;
  const semester = options.branches
    .flatMap(
      (b: { streams: Array<{ title: string; semesters: Array<{ slug: string; no: number }> }> }) => b.streams,
    )
    .filter((s: { title: string }) => s.title === 'BE')
    .flatMap((s: { semesters: Array<{ slug: string; no: number }> }) => s.semesters)
    .find((s: { no: number }) => s.no === 7);
  const added = await request.post('/api/institution/people/', {
    headers,
    data: {
      role: 'student',
      name: 'Late Joiner',
      email: 'late.joiner@students.example.test',
      enrollment: '260280107950',
      branch_slug: options.branches[0].slug,
      semester_slug: semester.slug,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const slug = (await added.json()).data.person.slug as string;

  await logIn(page, 'admin@rollbook.test');
  await openPeople(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('260280107950');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Division and batches of Late Joiner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Division and batches of Late Joiner' });
  await expect(dialog.getByText(/Not placed in a division yet/)).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Division' }).selectOption({ label: 'B' });
  // A lab batch is required: said beside the field, nothing sent.
  await dialog.getByRole('button', { name: 'Place student' }).click();
  await expect(page.getByRole('dialog', { name: /^Place / })).toHaveCount(0);
  const lab = dialog.getByRole('combobox', { name: 'Lab batch' });
  const firstLab = (await lab.locator('option').nth(1).textContent()) ?? '';
  await lab.selectOption({ label: firstLab });
  const firstDay = await dialog.getByLabel('First day').inputValue();
  await dialog.getByRole('button', { name: 'Place student' }).click();
  const ask = page.getByRole('dialog', { name: /^Place / });
  await expect(ask).toContainText(`division B, batch ${firstLab}`);
  await ask.getByRole('button', { name: 'Place', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Late Joiner is now in division B/ }),
  ).toBeVisible();

  const placed = (await (await request.get(`/api/institution/people/${slug}/placement/`, { headers })).json())
    .data;
  const divisionB = placed.divisions.find((d: { name: string }) => d.name === 'B');
  expect(placed.division_slug).toBe(divisionB.slug);
  expect(placed.since).toBe(firstDay);
  expect(placed.batch_slugs).toEqual([
    divisionB.batches.find((b: { name: string }) => b.name === firstLab).slug,
  ]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  test('the People page and its dialogs meet WCAG 2.1 AA without sideways scrolling', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, 'admin@rollbook.test');
    await openPeople(page);
    await expectAccessible(page, '/admin/people');
    await expectNoSidewaysScroll(page, '/admin/people');

    await page.getByRole('button', { name: 'Add person' }).click();
    const add = page.getByRole('dialog', { name: 'Add a person' });
    await expect(add).toBeVisible();
    await add.getByRole('button', { name: 'Add person' }).click();
    await expect(add.getByText('name must not be empty')).toBeVisible();
    await expectAccessible(page, 'add dialog with problems');
    await expectNoSidewaysScroll(page, 'add dialog');
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: /^Deactivate / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Deactivate this person?' })).toBeVisible();
    await expectAccessible(page, 'deactivate question');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page
      .getByRole('button', { name: /^Division and batches of / })
      .first()
      .click();
    const placement = page.getByRole('dialog', { name: /^Division and batches of / });
    await expect(placement.getByLabel('First day')).toBeVisible();
    await expectAccessible(page, 'division and batches dialog');
    await expectNoSidewaysScroll(page, 'division and batches dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: /^Invite everyone who has not signed in/ }).click();
    const ask = page.getByRole('dialog', { name: 'Invite everyone who has not signed in?' });
    await expect(ask).toBeVisible();
    await expectAccessible(page, 'invite-everyone question');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
