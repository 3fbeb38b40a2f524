import type { Locator, Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchWithMicrophone, writeRoomWav } from '../support/fake-microphone';
import { expectAccessible, expectNoSidewaysScroll, settle } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { logIn, openItSemesterSeven } from '../support/pages';

type Ready = (page: Page) => Locator;
const heading =
  (name: string): Ready =>
  (page) =>
    page.getByRole('heading', { name, level: 1 });

const PAGES: Record<string, readonly (readonly [string, Ready])[]> = {
  'admin@rollbook.test': [
    ['/subject/subject-select', heading('Subject Selection')],
    ['/subject/subject-selection-confirmation', heading('Subject Confirmation')],
    ['/division-creation', heading('Division Creation')],
    ['/admin/subject-allocation', (page) => page.getByRole('table', { name: 'Allocated Subjects' })],
    ['/timetable', heading('Master Timetable')],
    ['/admin/lecture-history', heading('Lecture History')],
    ['/admin/people', (page) => page.getByRole('table', { name: 'People' })],
    ['/admin/academic-year', heading('Academic Year')],
    // A branch admin: the page explains that the set-up is for institution admins.
    ['/admin/institution-setup', heading('Institution Setup')],
  ],
  'registrar@rollbook.test': [
    ['/admin/institution-settings', heading('Institution Settings')],
    ['/admin/classrooms', (page) => page.getByRole('table', { name: 'Classrooms and labs' })],
  ],
  'teacher@rollbook.test': [
    ['/teacher-dashboard', (page) => page.getByRole('button', { name: 'Start Session' }).first()],
    ['/teacher-dashboard/subject-choice', heading('Subject Choice')],
    ['/teacher-dashboard/load-allocation', heading('Load Allocation')],
    ['/teacher-dashboard/lecture-history', heading('Lecture History')],
    ['/teacher-dashboard/instant-lecture', (page) => page.getByRole('form', { name: 'New instant lecture' })],
  ],
  'student@rollbook.test': [
    ['/student-dashboard', (page) => page.getByRole('button', { name: 'Mark Attendance' }).first()],
    ['/student-dashboard/elective-subject', heading('Elective Subjects')],
    ['/student-dashboard/division', heading('My Division')],
  ],
};

for (const [label, viewport] of [
  ['laptop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({
      viewport,
      // Without motion a toast is either shown or gone: axe otherwise measures the contrast of a
      // toast halfway through fading out and reports colours no reader ever has to read.
      reducedMotion: 'reduce',
      geolocation: { latitude: 23.0338, longitude: 72.5461 },
      permissions: ['geolocation'],
    });

    test('the login page meets WCAG 2.1 AA', async ({ page }) => {
      await page.goto('/login');
      await settle(page, page.getByRole('heading', { name: 'Welcome Back' }));
      await expectAccessible(page, '/login');
    });

    test('a reset link that cannot be used, and the timetable upload form with its layouts', async ({
      page,
    }) => {
      await page.goto('/update_password?profile_slug=nobody&profile_forgot_password_code=not-a-code');
      await settle(page, page.getByRole('heading', { name: 'This link is not valid' }));
      await expectAccessible(page, 'reset link notice');
      await expectNoSidewaysScroll(page, 'reset link notice');

      await logIn(page, 'admin@rollbook.test');
      await page.goto('/timetable');
      await page.getByRole('button', { name: 'Upload new timetable' }).click();
      await settle(page, page.getByRole('region', { name: 'What the file should look like' }));
      await expectAccessible(page, 'timetable upload form');
      await expectNoSidewaysScroll(page, 'timetable upload form');
    });

    for (const [email, pages] of Object.entries(PAGES)) {
      test(`every page of ${email.split('@')[0]} meets WCAG 2.1 AA, with its dialogs open too`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await logIn(page, email);
        for (const [path, ready] of pages) {
          await page.goto(path);
          await settle(page, ready(page));
          await expectAccessible(page, path);
          // No page scrolls sideways, on a phone either: wide tables scroll inside their own region.
          await expectNoSidewaysScroll(page, path);
        }

        await page.getByRole('button', { name: /^Alerts/ }).click();
        await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
        await expectAccessible(page, 'notification sheet');
        await expectNoSidewaysScroll(page, 'notification sheet');
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Profile' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page, 'profile dialog');
        await expectNoSidewaysScroll(page, 'profile dialog');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);

        if (email.startsWith('registrar')) {
          // The classroom dialog, opened on the last page visited (Classrooms).
          await page.getByRole('button', { name: 'Edit LH101' }).click();
          await expect(page.getByRole('dialog', { name: 'Edit LH101' })).toBeVisible();
          await expectAccessible(page, 'classroom dialog');
          await expectNoSidewaysScroll(page, 'classroom dialog');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }

        if (label === 'phone') {
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await expectAccessible(page, 'menu sheet');
          await expectNoSidewaysScroll(page, 'menu sheet');
        }
      });
    }

    test('the live attendance sheet meets WCAG 2.1 AA and does not scroll sideways', async ({
      server,
    }, testInfo) => {
      test.setTimeout(120_000);
      // Starting a session needs the microphone: a browser of its own with a fake one.
      const dir = testInfo.outputPath('microphone');
      await mkdir(dir, { recursive: true });
      const wav = path.join(dir, 'room.wav');
      await writeRoomWav(wav);
      const browser = await launchWithMicrophone(testInfo, wav);
      try {
        const context = await browser.newContext({
          baseURL: server.baseURL,
          viewport,
          reducedMotion: 'reduce',
          permissions: ['microphone'],
        });
        const page = await context.newPage();
        await logIn(page, 'teacher@rollbook.test');
        await page.getByRole('button', { name: 'Start Session' }).first().click();
        const sheet = page.getByRole('dialog', { name: 'Attendance Details' });
        await expect(sheet).toBeVisible({ timeout: 30_000 });
        await expectAccessible(page, 'live attendance sheet');
        await expectNoSidewaysScroll(page, 'live attendance sheet');
      } finally {
        await browser.close();
      }
    });

    test('division planning screens do not scroll sideways: the hours overview and many division tabs', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await logIn(page, 'admin.it@rollbook.test');
      await openItSemesterSeven(page);
      // Two students a division: ten divisions, A to J.
      await page.getByRole('spinbutton', { name: 'Maximum Division Count' }).fill('2');
      await expectNoSidewaysScroll(page, 'division capacity with its warning');
      await page.getByRole('button', { name: 'Set Division Capacity' }).click();
      const overview = page.getByRole('dialog', { name: 'Subject Hours Overview' });
      await expect(overview).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'Subject Hours Overview');
      await expectNoSidewaysScroll(page, 'Subject Hours Overview');
      await overview.getByRole('button', { name: 'View Divisions' }).click();
      await expect(page.getByRole('tab', { name: 'J', exact: true })).toBeAttached();
      await expectAccessible(page, 'division tabs');
      await expectNoSidewaysScroll(page, 'division tabs');
      await page.getByRole('button', { name: 'Confirm Divisions' }).click();
      await expect(page.getByRole('dialog', { name: 'Confirm Divisions' })).toBeVisible();
      await expectAccessible(page, 'Confirm Divisions dialog');
      await expectNoSidewaysScroll(page, 'Confirm Divisions dialog');
    });
  });
}
