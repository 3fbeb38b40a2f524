import type { Browser } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/pages';
import { launchWithMicrophone, writeRoomWav } from '../support/fake-microphone';
import { expectAccessible, expectNoSidewaysScroll, settle } from '../support/accessibility';

test.describe('lecture history and corrections', () => {
  test('a teacher holds a lecture, opens it in the history, corrects a mark with a reason and sees it corrected; the page is accessible on a phone', async ({
    server,
  }, testInfo) => {
    test.setTimeout(180_000);
    const dir = testInfo.outputPath('microphones');
    await mkdir(dir, { recursive: true });
    const roomWav = path.join(dir, 'room.wav');
    await writeRoomWav(roomWav);
    let browser: Browser | null = null;
    try {
      // --- the teacher starts one of today's lectures and ends it (starting needs a microphone) ---
      browser = await launchWithMicrophone(testInfo, roomWav);
      const context = await browser.newContext({ baseURL: server.baseURL, permissions: ['microphone'] });
      const teacher = await context.newPage();
      await logIn(teacher, 'teacher@rollbook.test');
      await expect(teacher).toHaveURL(/\/teacher-dashboard/);
      const card = teacher
        .getByRole('article')
        .filter({ has: teacher.getByRole('button', { name: 'Start Session' }) })
        .first();
      await card.getByRole('button', { name: 'Start Session' }).click();
      const live = teacher.getByRole('dialog', { name: 'Attendance Details' });
      await live.getByRole('button', { name: 'End Session' }).click();
      await teacher
        .getByRole('dialog', { name: 'End Session' })
        .getByRole('button', { name: 'End Session' })
        .click();
      await expect(live.getByText('Session ended')).toBeVisible();
      await live.getByRole('button', { name: 'Close' }).click();
      const subject = (await card.getByRole('heading').first().textContent())!.trim();

      // --- the ended card opens the same sheet ---
      const ended = teacher
        .getByRole('article')
        .filter({ hasText: subject })
        .filter({ hasText: 'Ended' })
        .first();
      await ended.getByRole('button', { name: 'Attendance History' }).click();
      const cardSheet = teacher.getByRole('dialog', { name: 'Attendance History' });
      await expect(cardSheet.getByRole('heading', { name: subject })).toBeVisible();
      await cardSheet.getByRole('button', { name: 'Close' }).click();

      // --- the history page lists the session; its sheet corrects the first student's mark ---
      await teacher.getByRole('link', { name: 'Lecture History' }).first().click();
      await expect(teacher).toHaveURL(/\/teacher-dashboard\/lecture-history$/);
      const sessions = teacher.getByRole('list', { name: 'Sessions' });
      await settle(teacher, sessions);
      await sessions
        .getByRole('button', { name: new RegExp(`^Open attendance of ${subject}`) })
        .first()
        .click();
      const sheet = teacher.getByRole('dialog', { name: 'Attendance History' });
      await expect(sheet.getByText(/^You can correct marks until /)).toBeVisible();
      const students = sheet.getByRole('list', { name: `Students of ${subject}` });
      const first = students.getByRole('listitem').first();
      await expect(first.getByText('Absent', { exact: true })).toBeVisible();
      const name = (await first.locator('p').first().textContent())!.trim();

      await first.getByRole('button', { name: `Correct ${name}` }).click();
      const dialog = teacher.getByRole('dialog', { name: `Correct ${name}'s mark` });
      await dialog.getByRole('radio', { name: 'Excused' }).check();
      await dialog.getByLabel('Excuse', { exact: true }).selectOption('medical');
      await dialog.getByRole('button', { name: 'Save correction' }).click();
      // The reason is required: nothing is sent without one.
      await expect(dialog.getByText('A reason is required (at least 3 characters)')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Medical certificate from the city hospital');
      await dialog.getByRole('button', { name: 'Save correction' }).click();
      await expect(dialog).toBeHidden();

      const corrected = students.getByRole('listitem').filter({ hasText: name });
      await expect(corrected.getByText('Excused (Medical)')).toBeVisible();
      await expect(corrected.getByText('Corrected', { exact: true })).toBeVisible();
      await corrected.getByRole('button', { name: `Show changes of ${name}` }).click();
      await expect(corrected.getByText('“Medical certificate from the city hospital”')).toBeVisible();
      await expect(corrected.getByText(/Absent → Excused \(Medical\)/)).toBeVisible();
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sessions.getByText('Corrected 1').first()).toBeVisible();

      // --- at phone width: no sideways scroll, axe clean, on the page and in the sheet ---
      await teacher.setViewportSize({ width: 390, height: 844 });
      await teacher.reload();
      await settle(teacher, teacher.getByRole('list', { name: 'Sessions' }));
      await expectNoSidewaysScroll(teacher, 'lecture history (phone)');
      await expectAccessible(teacher, 'lecture history (phone)');
      await teacher
        .getByRole('list', { name: 'Sessions' })
        .getByRole('button', { name: new RegExp(`^Open attendance of ${subject}`) })
        .first()
        .click();
      const phoneSheet = teacher.getByRole('dialog', { name: 'Attendance History' });
      await expect(phoneSheet.getByText('Excused (Medical)')).toBeVisible();
      await expectNoSidewaysScroll(teacher, 'attendance history sheet (phone)');
      await expectAccessible(teacher, 'attendance history sheet (phone)');
      await phoneSheet.getByRole('button', { name: `Correct ${name}` }).click();
      await expect(teacher.getByRole('dialog', { name: `Correct ${name}'s mark` })).toBeVisible();
      await expectAccessible(teacher, 'correction dialog (phone)');
    } finally {
      await browser?.close();
    }
  });
});
