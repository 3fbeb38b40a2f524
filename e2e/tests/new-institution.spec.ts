import type { Browser, Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR } from '../support/env';
import { expect, lastMailTo, test } from '../support/fixtures';
import { chooseOption, logOut, submitLogin } from '../support/pages';
import {
  emptyDatabaseUrl,
  runOperatorCommand,
  startUnseededServer,
  type WorkerServer,
} from '../support/worker-server';
import { chooseWorkbook, type Sheets } from '../support/workbook';

/**
 * A real college's first day on Rollbook, from an empty database (`SEED_DEMO=never`): the operator
 * creates the institution on the command line; its first admin signs in with the temporary password,
 * sets their own, imports the institution workbook through the Institution Setup page (check,
 * preview, apply) and invites the new people from the People page; a student and a teacher open the
 * link in their mail, set a password and reach their screens.
 */

const ADMIN = 'registrar@gec.example';
const ADMIN_PASSWORD = 'Registrar-own-2027';
const STUDENT = { email: 'arjun@students.gec.example', password: 'Arjun-first-2027' };
const TEACHER = { email: 'meera.iyer@gec.example', password: 'Meera-first-2027' };

function workbook(): Sheets {
  return {
    Branches: [
      ['branch_code', 'branch_name'],
      ['07', 'Computer Engineering'],
    ],
    Streams: [
      ['branch_code', 'stream_code', 'title'],
      ['07', '07', 'BE'],
    ],
    Semesters: [
      ['branch_code', 'stream_code', 'semester', 'academic_year', 'start_date', 'end_date'],
      ['07', '07', '3', '2026-27', '2026-07-01', '2026-12-15'],
    ],
    Classrooms: [
      ['name', 'kind', 'latitude', 'longitude', 'radius_m', 'capacity', 'branch_codes'],
      ['A-101', 'classroom', '23.0338', '72.5461', '60', '70', ''],
    ],
    Subjects: [
      [
        'subject_code',
        'academic_year',
        'subject_name',
        'stream_code',
        'semester',
        'category',
        'l',
        't',
        'p',
        'credit',
      ],
      ['3130702', '2026-27', 'Data Structures', '07', '3', 'Professional Core Course', '3', '0', '2', '4'],
    ],
    Teachers: [
      ['email', 'name', 'teacher_code', 'branch_codes'],
      [TEACHER.email, 'Meera S. Iyer', 'MSI', '07'],
    ],
    Students: [
      ['enrollment', 'name', 'email', 'branch_code', 'stream_code', 'semester', 'academic_year'],
      ['260280107001', 'Arjun Rao', STUDENT.email, '07', '07', '3', '2026-27'],
      ['260280107002', 'Nisha Verma', 'nisha@students.gec.example', '07', '07', '3', '2026-27'],
    ],
  };
}

/** The set-password link of the newest mail to an address in the new institution's outbox. */
async function invitationLink(address: string, dataDir: string): Promise<string> {
  await expect.poll(async () => (await lastMailTo(address, dataDir)) !== undefined).toBe(true);
  const mail = (await lastMailTo(address, dataDir))!;
  const link =
    /(http:\/\/[^\s]+\/update_password\?profile_slug=[\w-]+&profile_forgot_password_code=[\w-]+)/.exec(
      mail,
    )?.[1];
  expect(link, 'a set-password link in the invitation').toBeTruthy();
  return link!;
}

/** Opens an invitation link, sets a password and signs in with it. */
async function acceptInvitation(page: Page, link: string, person: { email: string; password: string }) {
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(person.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been updated successfully')).toBeVisible();
  await submitLogin(page, person.email, person.password);
}

async function newPage(browser: Browser, server: WorkerServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  return context.newPage();
}

test('an institution from an empty database: create, import, invite, and the first sign-ins', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const index = test.info().parallelIndex;
  const dataDir = path.join(E2E_DATA_DIR, `empty-${index}`);
  await rm(dataDir, { recursive: true, force: true });
  const databaseUrl = await emptyDatabaseUrl(index);

  const created = await runOperatorCommand(
    [
      'institution',
      'create',
      '--name',
      'Government Engineering College',
      '--code',
      'GEC',
      '--timezone',
      'Asia/Kolkata',
      '--admin-email',
      ADMIN,
      '--json',
    ],
    dataDir,
    databaseUrl,
  );
  expect(created.code, created.stderr).toBe(0);
  const { admin } = JSON.parse(created.stdout.trim().split('\n').at(-1)!) as {
    admin: { email: string; temporaryPassword: string };
  };
  expect(admin.email).toBe(ADMIN);

  const server = await startUnseededServer(`empty-${index}`, dataDir, databaseUrl);
  try {
    const page = await newPage(browser, server);
    // The first admin signs in with the temporary password and must choose their own.
    await submitLogin(page, ADMIN, admin.temporaryPassword);
    await expect(page.getByText('Temporary password. Please set a new password.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password Updated Successfully!')).toBeVisible();

    // Institution Setup: choose the workbook, check it, read the preview, apply it.
    await page.getByRole('link', { name: 'Institution Setup' }).first().click();
    await expect(page.getByRole('heading', { name: 'Institution Setup', level: 1 })).toBeVisible();
    await chooseWorkbook(page, 'gec.xlsx', workbook());
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const preview = page.getByRole('table', { name: 'What the workbook would change, per sheet' });
    await expect(preview).toBeVisible({ timeout: 60_000 });
    await expect(preview.getByRole('row', { name: /^Total\b/ }).getByRole('cell')).toHaveText([
      '8',
      '0',
      '0',
    ]);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('dialog', { name: 'Apply the workbook?' })
      .getByRole('button', { name: 'Apply the workbook' })
      .click();
    await expect(page.getByText(/The workbook is applied/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/3 new people were created/)).toBeVisible();

    // The People page invites everyone who has not signed in yet: the three new people.
    await page.getByRole('link', { name: 'People page' }).click();
    await page.getByRole('button', { name: /^Invite everyone who has not signed in/ }).click();
    await page
      .getByRole('dialog', { name: 'Invite everyone who has not signed in?' })
      .getByRole('button', { name: 'Send invitations' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: '3 invitations sent.' })).toBeVisible();

    // The imported stream and its semester are there to choose subjects for.
    await page.goto('/subject/subject-select');
    await chooseOption(page.getByRole('combobox', { name: 'Stream' }), 'BE - 07');
    await expect(
      page.getByRole('combobox', { name: 'Semester' }).locator('option', { hasText: 'Semester - 3' }),
    ).toHaveCount(1);

    await logOut(page);

    // The student and the teacher set their passwords from the mail and reach their screens.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 23.0338, longitude: 72.5461 });
    const timetable = page.waitForResponse((r) => r.url().includes('/manage/get_timetable_for_student'));
    await acceptInvitation(page, await invitationLink(STUDENT.email, dataDir), STUDENT);
    await expect(page).toHaveURL(/\/student-dashboard\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
    expect((await timetable).status()).toBe(200);
    await logOut(page);

    await acceptInvitation(page, await invitationLink(TEACHER.email, dataDir), TEACHER);
    await expect(page).toHaveURL(/\/teacher-dashboard\/?$/);
    await page.context().close();
  } finally {
    await server.stop();
  }
});
