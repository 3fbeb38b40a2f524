import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiSignIn, chooseOption, logIn } from '../support/pages';
import { expectAccessible, expectNoSidewaysScroll, settle } from '../support/accessibility';

const PHONE = { width: 390, height: 844 };

interface RecordSubject {
  subject_slug: string;
  subject_name: string;
  held: number;
  attended: number;
  percentage: number | null;
}
interface SheetRow {
  student: { slug: string; name: string };
  status: 'present' | 'absent' | 'excused';
}
interface HistoryItem {
  session_id: string;
  start_time: string;
}

type Headers = Record<string, string>;

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answers ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function studentSubject(request: APIRequestContext, headers: Headers, slug: string) {
  const record = await data<{ subjects: RecordSubject[] }>(
    await request.get('/api/attendance/record', { headers }),
  );
  const subject = record.subjects.find((s) => s.subject_slug === slug);
  expect(subject, `the student's record has ${slug}`).toBeDefined();
  return subject!;
}

/**
 * A held session of `subject` where the student is marked absent, found through the server: the
 * student's own marks name the days they missed, the teacher's history the sessions of that day.
 */
async function missedSession(
  request: APIRequestContext,
  student: { headers: Headers; slug: string },
  teacher: Headers,
  subject: string,
) {
  const marks = await data<{ results: Array<{ day: string; status: string }> }>(
    await request.get(`/api/attendance/record/marks?subject=${subject}&page_size=200`, {
      headers: student.headers,
    }),
  );
  const days = [...new Set(marks.results.filter((m) => m.status === 'absent').map((m) => m.day))];
  for (const day of days) {
    const page = await data<{ results: HistoryItem[] }>(
      await request.post('/api/manage/session/get_sessions_of_teacher', {
        headers: teacher,
        data: { subjects: [subject], start_date: day, end_date: day, page: 1, page_size: 50 },
      }),
    );
    for (const session of page.results) {
      const sheet = await data<{ rows: SheetRow[] }>(
        await request.get(`/api/attendance/sessions/${session.session_id}/sheet`, { headers: teacher }),
      );
      const row = sheet.rows.find((r) => r.student.slug === student.slug && r.status === 'absent');
      if (row) return { day, startTime: session.start_time, studentName: row.student.name };
    }
  }
  throw new Error(`no session of ${subject} where the demo student is absent`);
}

/** The settings form as the update takes it back, with a longer correction window. */
async function widenCorrectionWindow(request: APIRequestContext, headers: Headers, days: number) {
  const s = await data<Record<string, unknown>>(await request.get('/api/institution/settings', { headers }));
  const body = {
    name: s.name,
    time_zone: s.time_zone,
    campus: s.campus,
    session_start_early_minutes: s.session_start_early_minutes,
    session_start_late_minutes: s.session_start_late_minutes,
    session_window_always_open: s.session_window_always_open,
    attendance_threshold_percent: s.attendance_threshold_percent,
    syllabus_url_template: s.syllabus_url_template,
    correction_window_days: days,
    excused_counts_as: s.excused_counts_as,
    recording_retention_days: s.recording_retention_days,
    detention_notice_date: s.detention_notice_date,
  };
  const updated = await data<{ correction_window_days: number }>(
    await request.post('/api/institution/settings', { headers, data: body }),
  );
  expect(updated.correction_window_days).toBe(days);
}

test.describe('a correction flows into the record', () => {
  test("a teacher's correction changes the student's percentage and the admin's detention list", async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    // The demo's past weeks reach back further than the default 7-day window: the institution
    // admin gives teachers a longer one (the setting issue 16 makes configurable).
    const registrar = await apiSignIn(request, 'registrar@rollbook.test');
    await widenCorrectionWindow(request, registrar.headers, 60);

    const student = await apiSignIn(request, 'student@rollbook.test');
    const { slug: studentSlug, enrollment } = student.claims;
    if (!studentSlug || !enrollment) throw new Error("the student's token names no slug or enrollment");
    const teacher = await apiSignIn(request, 'teacher@rollbook.test');
    const teacherSubjects = await data<Array<{ slug: string }>>(
      await request.get('/api/manage/get_subjects_of_teacher', { headers: teacher.headers }),
    );
    const record = await data<{ subjects: RecordSubject[] }>(
      await request.get('/api/attendance/record', { headers: student.headers }),
    );
    // The demo student attends the demo teacher's subject below the threshold, so they missed some.
    const shared = record.subjects.find(
      (s) => s.held > s.attended && teacherSubjects.some((t) => t.slug === s.subject_slug),
    );
    expect(shared, 'a subject of the demo teacher that the demo student missed lectures of').toBeDefined();
    const subject = shared!;
    const before = subject.percentage!;
    const missed = await missedSession(
      request,
      { headers: student.headers, slug: studentSlug },
      teacher.headers,
      subject.subject_slug,
    );

    // The detention threshold sits just above the student's percentage: correcting one absence
    // to present lifts them over it (one lecture of a few dozen is worth more than one point).
    const below = Math.floor(before) + 1;

    const studentPage = await (await browser.newContext()).newPage();
    await logIn(studentPage, 'student@rollbook.test');
    await studentPage.goto('/student-dashboard/attendance');
    const card = studentPage
      .getByRole('list', { name: 'Subjects' })
      .getByRole('listitem')
      .filter({ has: studentPage.getByRole('heading', { name: subject.subject_name, exact: true }) });
    await expect(card.getByText(`${before} %`, { exact: true })).toBeVisible();

    const adminPage = await (await browser.newContext()).newPage();
    await logIn(adminPage, 'admin@rollbook.test');
    await adminPage.goto('/admin/attendance-reports');
    const filters = adminPage.getByRole('search', { name: 'Filter the report' });
    await chooseOption(filters.getByLabel('Subject'), subject.subject_name);
    await filters.getByLabel('Detention below (%)').fill(String(below));
    const detention = adminPage.getByRole('table', { name: `Students below ${below} %` });
    await settle(adminPage, detention);
    const studentRow = detention.getByRole('row').filter({ hasText: enrollment });
    await expect(studentRow).toHaveCount(1);
    await expect(studentRow.getByText(`${before} %`, { exact: true })).toBeVisible();

    // --- the teacher finds the session in the history and corrects the mark with a reason ---
    const teacherPage = await (await browser.newContext()).newPage();
    await logIn(teacherPage, 'teacher@rollbook.test');
    await teacherPage.goto('/teacher-dashboard/lecture-history');
    const history = teacherPage.getByRole('search', { name: 'Filter sessions' });
    await history.getByLabel('Subject').selectOption(subject.subject_slug);
    await history.getByLabel('From').fill(missed.day);
    await history.getByLabel('To').fill(missed.day);
    const open = teacherPage
      .getByRole('list', { name: 'Sessions' })
      .getByRole('button', { name: new RegExp(`^Open attendance of .* at ${missed.startTime}$`) });
    // Filtered to the one day, the list holds that day's session of the subject only.
    await expect(open).toHaveCount(1);
    await open.click();
    const sheet = teacherPage.getByRole('dialog', { name: 'Attendance History' });
    const row = sheet.getByRole('listitem').filter({ hasText: missed.studentName }).first();
    await expect(row.getByText('Absent', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Correct ${missed.studentName}` }).click();
    const dialog = teacherPage.getByRole('dialog', { name: `Correct ${missed.studentName}'s mark` });
    await dialog.getByRole('radio', { name: 'Present' }).check();
    await dialog.getByLabel('Reason').fill('Was in the lab next door; the phone failed to record');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Corrected', { exact: true })).toBeVisible();

    // --- the server's new figures: one more lecture attended, the same lectures held ---
    const after = await studentSubject(request, student.headers, subject.subject_slug);
    expect(after.held).toBe(subject.held);
    expect(after.attended).toBe(subject.attended + 1);
    expect(after.percentage!).toBeGreaterThanOrEqual(below);

    // --- the student's page shows it ---
    await studentPage.reload();
    await expect(card.getByText(`${after.percentage} %`, { exact: true })).toBeVisible();
    await expect(card.getByText(`${before} %`, { exact: true })).toHaveCount(0);

    // --- and the student has left the admin's detention list below that threshold ---
    await adminPage.reload();
    await chooseOption(filters.getByLabel('Subject'), subject.subject_name);
    await filters.getByLabel('Detention below (%)').fill(String(below));
    // The heading names the threshold the server answered for, so the list below is the new one.
    await settle(adminPage, adminPage.getByText(`Students below ${below} % in a subject.`));
    await expect(detention.or(adminPage.getByText(`No student is below ${below} %.`)).first()).toBeVisible();
    await expect(adminPage.getByRole('row').filter({ hasText: enrollment })).toHaveCount(0);

    // --- the branch admin finds the corrected session in the branch's history, on a phone ---
    await adminPage.setViewportSize(PHONE);
    await adminPage.goto('/admin/lecture-history');
    const branchFilters = adminPage.getByRole('search', { name: 'Filter sessions' });
    await branchFilters.getByLabel('Subject').selectOption(subject.subject_slug);
    await branchFilters.getByLabel('From').fill(missed.day);
    await branchFilters.getByLabel('To').fill(missed.day);
    const openName = new RegExp(`^Open attendance of .* at ${missed.startTime}$`);
    const branchItem = adminPage
      .getByRole('list', { name: 'Sessions' })
      .getByRole('listitem')
      .filter({ has: adminPage.getByRole('button', { name: openName }) });
    await expect(branchItem).toHaveCount(1);
    await expect(branchItem.getByText(/^Corrected \d+$/)).toBeVisible();
    await expectNoSidewaysScroll(adminPage, 'branch lecture history (phone)');
    await expectAccessible(adminPage, 'branch lecture history (phone)');
  });
});
