import type { Browser } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { chooseOption, logIn } from '../support/pages';
import { launchWithMicrophone, writeRoomWav } from '../support/fake-microphone';
import { expectAccessible, expectNoSidewaysScroll, settle } from '../support/accessibility';

const TITLE = 'Extra revision before the test';

test.describe('instant lectures', () => {
  test("a teacher creates and starts an instant lecture for the demo student's division; the student sees it to mark; both pages are accessible on a phone", async ({
    server,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    // Where the demo student is: their branch, semester and division, from their own timetable.
    const login = await request.post(`${server.baseURL}/api/auth/api/login/`, {
      data: { email: 'student@rollbook.test', password: DEMO_PASSWORD },
    });
    const { access } = (await login.json()) as { access: string };
    const timetable = await request.get(`${server.baseURL}/api/manage/get_timetable_for_student`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    type Entry = {
      stream: { branch: { branch_name: string } };
      timetables: {
        division?: { division_name: string };
        lectures: { subject: { semester: { no: number } } }[];
      }[];
    };
    const entries = ((await timetable.json()) as { data: Entry[] }).data;
    const withLectures = entries
      .flatMap((e) => e.timetables.map((t) => ({ branch: e.stream.branch.branch_name, ...t })))
      .find((t) => t.division && t.lectures.length > 0)!;
    expect(withLectures, 'the demo student has a timetable').toBeTruthy();
    const division = withLectures.division!.division_name;
    const semesterNo = withLectures.lectures[0]!.subject.semester.no;

    const dir = testInfo.outputPath('microphones');
    await mkdir(dir, { recursive: true });
    const roomWav = path.join(dir, 'room.wav');
    await writeRoomWav(roomWav);
    let browser: Browser | null = null;
    try {
      browser = await launchWithMicrophone(testInfo, roomWav);
      const context = await browser.newContext({ baseURL: server.baseURL, permissions: ['microphone'] });
      const teacher = await context.newPage();
      await logIn(teacher, 'teacher@rollbook.test');
      await teacher.getByRole('link', { name: 'Instant Lectures' }).first().click();
      await expect(teacher).toHaveURL(/\/teacher-dashboard\/instant-lecture$/);
      const form = teacher.getByRole('form', { name: 'New instant lecture' });
      await settle(teacher, form);

      await chooseOption(form.getByLabel('Branch'), withLectures.branch);
      await expect(
        form.getByLabel('Semester').locator('option', { hasText: `Semester ${semesterNo}` }),
      ).toHaveCount(1);
      await chooseOption(form.getByLabel('Semester'), `Semester ${semesterNo}`);
      await form
        .getByRole('group', { name: 'Divisions' })
        .getByRole('checkbox', { name: division, exact: true })
        .check();
      // The division's batches load in above the rest of the form: a click aimed before they
      // arrive can land on whatever moves under it.
      await expect(form.getByRole('status').filter({ hasText: 'Loading the batches' })).toHaveCount(0);
      await form.getByRole('radio', { name: 'A free title' }).check();
      await form.getByLabel('Title', { exact: true }).fill(TITLE);
      await form.getByRole('button', { name: 'Create instant lecture' }).click();
      await expect(
        teacher.getByText('Instant lecture created. Start its session when you are ready.'),
      ).toBeVisible();

      const card = teacher.getByRole('article', { name: new RegExp(TITLE) });
      await expect(card.getByText('Inactive')).toBeVisible();
      await expect(card.getByText(`Division ${division}`)).toBeVisible();

      // --- the same live sheet as a timetable lecture ---
      await card.getByRole('button', { name: 'Start Session' }).click();
      const live = teacher.getByRole('dialog', { name: 'Attendance Details' });
      await expect(live.getByText(/Students: \d+/)).toBeVisible({ timeout: 30_000 });
      await expect(live.getByRole('button', { name: 'End Session' })).toBeEnabled();

      // --- the student sees it among today's extra lectures, ready to mark ---
      const studentContext = await browser.newContext({
        baseURL: server.baseURL,
        geolocation: { latitude: 23.0338, longitude: 72.5461 },
        permissions: ['geolocation', 'microphone'],
        viewport: { width: 390, height: 844 },
      });
      const student = await studentContext.newPage();
      await logIn(student, 'student@rollbook.test');
      const extra = student.getByRole('region', { name: 'Extra lectures today' });
      const studentCard = extra.getByRole('article', { name: new RegExp(TITLE) });
      await settle(student, studentCard);
      await expect(studentCard.getByRole('button', { name: 'Mark Attendance' })).toBeEnabled();
      await expect(studentCard.getByRole('button', { name: 'Manual Marking Request' })).toBeEnabled();
      await expectNoSidewaysScroll(student, 'student dashboard with extra lectures (phone)');
      await expectAccessible(student, 'student dashboard with extra lectures (phone)');

      // --- the teacher's page at phone width, with the live card ---
      await live.getByRole('button', { name: 'Close' }).click();
      await teacher.setViewportSize({ width: 390, height: 844 });
      await teacher.reload();
      const phoneCard = teacher.getByRole('article', { name: new RegExp(TITLE) });
      await settle(teacher, phoneCard);
      await expect(phoneCard.getByRole('button', { name: 'Join Session' })).toBeVisible();
      await expectNoSidewaysScroll(teacher, 'instant lecture page (phone)');
      await expectAccessible(teacher, 'instant lecture page (phone)');

      // --- its session is in the lecture history beside the timetable's, marked as instant ---
      await teacher.goto('/teacher-dashboard/lecture-history');
      const sessions = teacher.getByRole('list', { name: 'Sessions' });
      const historyCard = sessions
        .getByRole('listitem')
        .filter({ has: teacher.getByRole('heading', { name: TITLE, exact: true }) });
      await settle(teacher, historyCard);
      await expect(historyCard.getByText('Instant lecture', { exact: true })).toBeVisible();
      await expect(historyCard.getByText(`Division ${division} · Sem ${semesterNo}`)).toBeVisible();
      await historyCard.getByRole('button', { name: new RegExp(`^Open attendance of ${TITLE} `) }).click();
      const sheet = teacher.getByRole('dialog', { name: 'Attendance History' });
      await expect(sheet.getByRole('heading', { name: TITLE })).toBeVisible();
      await expect(
        sheet
          .getByRole('list', { name: `Students of ${TITLE}` })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      await expectAccessible(teacher, 'instant session sheet (phone)');
    } finally {
      await browser?.close();
    }
  });
});
