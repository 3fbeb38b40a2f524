import { beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { attendanceCorrections, attendances, institutions, lectureSessions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { buildLiveWorld, startLiveWorld } from '../../testing/live-fixture';
import {
  alertsOf,
  api,
  attendanceOf,
  auditOf,
  buildHistoryWorld,
  type HistoryWorld,
} from './testing/history-world';

const t = useTestApp();
const SHEET = (id: string) => `/attendance/sessions/${id}/sheet`;
const CORRECT = (id: string) => `/attendance/sessions/${id}/corrections`;
const TRAIL = (id: string, student: string) => `/attendance/sessions/${id}/students/${student}/corrections`;
const WORKBOOK = (id: string) => `/attendance/sessions/${id}/workbook`;

let w: HistoryWorld;
let sessionRowId: number;
beforeEach(async () => {
  w = await buildHistoryWorld(t.app, t.db);
  const [row] = await t.db
    .select({ id: lectureSessions.id })
    .from(lectureSessions)
    .where(eq(lectureSessions.sessionId, w.sessionId));
  sessionRowId = row!.id;
});

const excuseA1 = () => ({
  student_slug: w.students.a1.student.slug,
  status: 'excused',
  excuse: 'medical',
  reason: 'Hospital certificate handed in',
});

/** Moves the test clock and signs the lecture's teacher and the branch admin in again then (tokens expire). */
async function moveClockTo(at: string) {
  t.clock.set(new Date(at));
  return {
    cst: await tokenFor(t.app, w.world.teachers.cst.profile),
    admin: await tokenFor(t.app, w.world.admin.profile),
  };
}

/** Everything a refused correction must leave untouched. */
async function snapshot() {
  return {
    rows: await t.db.select().from(attendances).orderBy(attendances.id),
    trail: await t.db.select().from(attendanceCorrections),
    audit: await auditOf(t.db, 'attendance.corrected'),
  };
}

describe('GET /attendance/sessions/{session_id}/sheet', () => {
  it("shows the teacher every expected student's mark and how long they may still correct", async () => {
    const res = await api(t.app, w.tokens.cst, 'GET', SHEET(w.sessionId));
    expect(res.status).toBe(200);
    expect(res.body.data.correction).toEqual({ allowed: true, until: '2026-11-09', message: null });
    expect(res.body.data.session).toMatchObject({
      session_id: w.sessionId,
      day: '2026-11-02',
      active: 'post',
    });
    expect(res.body.data.rows).toEqual(
      [w.students.a1, w.students.a2]
        .map((s) => ({
          student: { slug: s.student.slug, enrollment: s.student.enrollment, name: expect.any(String) },
          status: 'absent',
          excuse: null,
          manual: false,
          marking_time: null,
          corrected_at: null,
          correction_count: 0,
        }))
        .sort((a, b) => a.student.enrollment.localeCompare(b.student.enrollment)),
    );
  });

  it('lists an expected student who has no attendance row as absent', async () => {
    await t.db.delete(attendances).where(eq(attendances.studentId, w.students.a2.student.id));
    const res = await api(t.app, w.tokens.cst, 'GET', SHEET(w.sessionId));
    const a2 = res.body.data.rows.find(
      (r: { student: { slug: string } }) => r.student.slug === w.students.a2.student.slug,
    );
    expect(a2).toMatchObject({ status: 'absent', corrected_at: null });
  });

  it("lets the branch's admin read it with no time limit; others get 404, students 403", async () => {
    const later = await moveClockTo('2027-01-15T10:00:00+05:30');
    const admin = await api(t.app, later.admin, 'GET', SHEET(w.sessionId));
    expect(admin.body.data.correction).toEqual({ allowed: true, until: null, message: null });
    t.clock.set(new Date('2026-11-02T09:00:00+05:30'));
    expect((await api(t.app, w.tokens.haj, 'GET', SHEET(w.sessionId))).status).toBe(404);
    expect((await api(t.app, w.otherBranchAdmin, 'GET', SHEET(w.sessionId))).status).toBe(404);
    const other = await buildLiveWorld(t.app, t.db);
    expect((await api(t.app, other.tokens.admin, 'GET', SHEET(w.sessionId))).status).toBe(404);
    expect((await api(t.app, other.tokens.cst, 'GET', SHEET(w.sessionId))).status).toBe(404);
    expect((await api(t.app, w.tokens.a1, 'GET', SHEET(w.sessionId))).status).toBe(403);
  });
});

describe('POST /attendance/sessions/{session_id}/corrections', () => {
  it('lets the teacher excuse a mark inside the window: row, trail, audit and the student notified', async () => {
    const tokens = await moveClockTo('2026-11-09T18:00:00+05:30'); // the window's last day (7 days after)
    const res = await api(t.app, tokens.cst, 'POST', CORRECT(w.sessionId), excuseA1());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      student: { slug: w.students.a1.student.slug },
      status: 'excused',
      excuse: 'medical',
      corrected_at: '2026-11-09T12:30:00.000Z',
      correction_count: 1,
    });

    const row = await attendanceOf(t.db, sessionRowId, w.students.a1.student.id);
    expect(row).toMatchObject({ isPresent: false, excuse: 'medical' });
    expect(row!.correctedAt).toEqual(new Date('2026-11-09T12:30:00Z'));
    const trail = await t.db.select().from(attendanceCorrections);
    expect(trail).toEqual([
      expect.objectContaining({
        attendanceId: row!.id,
        changedBy: w.world.teachers.cst.profile.id,
        before: { status: 'absent', excuse: null },
        after: { status: 'excused', excuse: 'medical' },
        reason: 'Hospital certificate handed in',
      }),
    ]);
    const [entry, ...more] = await auditOf(t.db, 'attendance.corrected');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      institutionId: w.world.institutionId,
      actorProfileId: w.world.teachers.cst.profile.id,
      entityType: 'attendance',
      entitySlug: row!.slug,
    });
    expect(entry!.detail).toMatchObject({
      session: w.sessionId,
      student: w.students.a1.student.slug,
      before: { status: 'absent', excuse: null },
      after: { status: 'excused', excuse: 'medical' },
      reason: 'Hospital certificate handed in',
      as: 'teacher',
    });
    const [alert, ...others] = await alertsOf(t.db, w.students.a1.profile.id);
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ type: 'attendance_correction_alert', status: 'unseen' });
    expect(alert!.message).toMatch(/on 2 Nov 2026 was changed from absent to excused \(medical\)/);
    expect(alert!.message).toMatch(/Reason: Hospital certificate handed in/);
    const bell = await api(
      t.app,
      await tokenFor(t.app, w.students.a1.profile),
      'GET',
      '/manage/alerts/get_alerts',
    );
    expect(bell.body.data[0]).toMatchObject({
      type: 'Attendance Correction Alert',
      type_code: 'attendance_correction_alert',
    });
    expect(await alertsOf(t.db, w.students.a2.profile.id)).toEqual([]);

    // The sheet and the history list show the row corrected.
    const sheet = await api(t.app, tokens.cst, 'GET', SHEET(w.sessionId));
    expect(sheet.body.data.session).toMatchObject({ excused_count: 1, corrected_count: 1, present_count: 0 });
    const list = await api(t.app, tokens.cst, 'POST', '/manage/session/get_sessions_of_teacher', {});
    expect(list.body.data.results[0]).toMatchObject({ excused_count: 1, corrected_count: 1 });
  });

  it('creates the row of a student who was never marked, and marks them present', async () => {
    await t.db.delete(attendances).where(eq(attendances.studentId, w.students.a2.student.id));
    const res = await api(t.app, w.tokens.cst, 'POST', CORRECT(w.sessionId), {
      student_slug: w.students.a2.student.slug,
      status: 'present',
      reason: 'Was in the front row; the phone had no battery',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'present', excuse: null, manual: true });
    const row = await attendanceOf(t.db, sessionRowId, w.students.a2.student.id);
    expect(row).toMatchObject({ isPresent: true, excuse: null, manual: true });
    const [trail] = await t.db.select().from(attendanceCorrections);
    expect(trail).toMatchObject({
      before: { status: 'absent', excuse: null },
      after: { status: 'present', excuse: null },
    });
  });

  it('refuses the teacher after the window with a clear 403 and changes nothing; the admin still may', async () => {
    const tokens = await moveClockTo('2026-11-10T08:00:00+05:30'); // 8 days after the session
    const before = await snapshot();
    const late = await api(t.app, tokens.cst, 'POST', CORRECT(w.sessionId), excuseA1());
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ data: null, error: true });
    expect(late.body.message).toBe(
      'Corrections of this session closed on 9 Nov 2026: teachers may correct a mark up to 7 days after the session. Ask your branch admin to correct it.',
    );
    expect(await snapshot()).toEqual(before);
    expect(await alertsOf(t.db, w.students.a1.profile.id)).toEqual([]);
    const sheet = await api(t.app, tokens.cst, 'GET', SHEET(w.sessionId));
    expect(sheet.body.data.correction).toMatchObject({ allowed: false, until: '2026-11-09' });

    const admin = await api(t.app, tokens.admin, 'POST', CORRECT(w.sessionId), excuseA1());
    expect(admin.status).toBe(200);
    const [entry] = await auditOf(t.db, 'attendance.corrected');
    expect(entry).toMatchObject({ actorProfileId: w.world.admin.profile.id });
    expect(entry!.detail).toMatchObject({ as: 'admin' });
    // The student is told who corrected it: not "your teacher", who was refused.
    const student = await tokenFor(t.app, w.students.a1.profile);
    const marks = await api(t.app, student, 'GET', '/attendance/record/marks');
    const corrected = marks.body.data.results.find((m: { corrected: boolean }) => m.corrected);
    expect(corrected.explanation).toEqual([
      'Excused: you were on medical leave.',
      'An administrator corrected this mark on 10 Nov 2026.',
    ]);
  });

  it("follows the institution's correction window setting", async () => {
    await t.db
      .update(institutions)
      .set({ correctionWindowDays: 0 })
      .where(eq(institutions.id, w.world.institutionId));
    const nextDay = await moveClockTo('2026-11-03T08:00:00+05:30');
    expect((await api(t.app, nextDay.cst, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(403);
    await t.db
      .update(institutions)
      .set({ correctionWindowDays: 30 })
      .where(eq(institutions.id, w.world.institutionId));
    const monthLater = await moveClockTo('2026-12-02T08:00:00+05:30');
    expect((await api(t.app, monthLater.cst, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(200);
  });

  it('requires a reason, an excuse exactly for excused marks, and a real change; nothing written otherwise', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...excuseA1(), reason: '  ' }, 400, /A reason is required/],
      [{ student_slug: w.students.a1.student.slug, status: 'present' }, 400, /A reason is required/],
      [{ ...excuseA1(), excuse: null }, 400, /Choose why the absence is excused/],
      [{ ...excuseA1(), status: 'present' }, 400, /Only an excused mark has an excuse/],
      [{ ...excuseA1(), excuse: 'holiday' }, 400, /excuse must be leave, on_duty or medical/],
      [{ ...excuseA1(), status: 'late', excuse: null }, 400, /status must be present, absent or excused/],
      [{ ...excuseA1(), status: 'absent', excuse: null }, 409, /is already marked absent/],
      [{ ...excuseA1(), student_slug: w.students.b1.student.slug }, 404, /Student of this session not found/],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(t.app, w.tokens.cst, 'POST', CORRECT(w.sessionId), body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("is not found for another teacher, another branch's admin and another institution; students 403", async () => {
    const before = await snapshot();
    expect((await api(t.app, w.tokens.haj, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(404);
    expect((await api(t.app, w.otherBranchAdmin, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(404);
    const other = await buildLiveWorld(t.app, t.db);
    expect((await api(t.app, other.tokens.admin, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(404);
    expect((await api(t.app, other.tokens.cst, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(404);
    expect((await api(t.app, w.tokens.a1, 'POST', CORRECT(w.sessionId), excuseA1())).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('sends a session still live on its day to the live sheet (409)', async () => {
    const live = await startLiveWorld(t.app, t.db);
    const res = await api(t.app, live.tokens.cst, 'POST', CORRECT(live.sessionId), {
      ...excuseA1(),
      student_slug: live.students.a1.student.slug,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This session is still live: change its marks on the live sheet');
    // The branch admin has no live sheet: they are told what they can do instead.
    const admin = await api(t.app, live.tokens.admin, 'POST', CORRECT(live.sessionId), {
      ...excuseA1(),
      student_slug: live.students.a1.student.slug,
    });
    expect(admin.status).toBe(409);
    expect(admin.body.message).toBe(
      'This session is still live: only its teacher changes marks on the live sheet. You can correct them here once the teacher ends it, or from tomorrow',
    );
  });
});

describe('GET /attendance/sessions/{session_id}/students/{student_slug}/corrections', () => {
  it('answers the trail oldest first, with who changed it and why', async () => {
    await api(t.app, w.tokens.cst, 'POST', CORRECT(w.sessionId), excuseA1());
    t.clock.advance(60_000);
    await api(t.app, w.tokens.admin, 'POST', CORRECT(w.sessionId), {
      student_slug: w.students.a1.student.slug,
      status: 'present',
      reason: 'The certificate was for another day',
    });
    const res = await api(t.app, w.tokens.cst, 'GET', TRAIL(w.sessionId, w.students.a1.student.slug));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        changed_at: '2026-11-02T09:00:00+05:30',
        changed_by: w.world.teachers.cst.profile.name,
        before: { status: 'absent', excuse: null },
        after: { status: 'excused', excuse: 'medical' },
        reason: 'Hospital certificate handed in',
      },
      {
        changed_at: '2026-11-02T09:01:00+05:30',
        changed_by: w.world.admin.profile.name,
        before: { status: 'excused', excuse: 'medical' },
        after: { status: 'present', excuse: null },
        reason: 'The certificate was for another day',
      },
    ]);
    const row = await t.db
      .select()
      .from(attendances)
      .where(
        and(eq(attendances.sessionId, sessionRowId), eq(attendances.studentId, w.students.a1.student.id)),
      );
    expect(row[0]).toMatchObject({ isPresent: true, excuse: null });
    const unchanged = await api(t.app, w.tokens.cst, 'GET', TRAIL(w.sessionId, w.students.a2.student.slug));
    expect(unchanged.body.data).toEqual([]);
    expect(
      (await api(t.app, w.tokens.haj, 'GET', TRAIL(w.sessionId, w.students.a1.student.slug))).status,
    ).toBe(404);
    expect(
      (await api(t.app, w.tokens.cst, 'GET', TRAIL(w.sessionId, w.students.b1.student.slug))).status,
    ).toBe(404);
  });
});

describe('GET /attendance/sessions/{session_id}/workbook', () => {
  it('answers the sheet as a base64 .xlsx with the corrected marks', async () => {
    await api(t.app, w.tokens.cst, 'POST', CORRECT(w.sessionId), excuseA1());
    const res = await api(t.app, w.tokens.cst, 'GET', WORKBOOK(w.sessionId));
    expect(res.status).toBe(200);
    expect(res.body.data.file_name).toMatch(/^attendance-.+-A-2026-11-02\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.body.data.file_content, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Attendance')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Enrollment',
      'Name',
      'Status',
      'Excuse',
      'Manual',
      'Marked at',
      'Corrected at',
      'Corrections',
    ]);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    const a1 = rows.find((r) => r[0] === w.students.a1.student.enrollment)!;
    expect(a1.slice(2, 5)).toEqual(['excused', 'Medical', 'no']);
    expect(a1[7]).toBe(1);
    // Times on the institution's clock (Asia/Kolkata), with its offset, as the CSV export writes them.
    const [stored] = await t.db
      .select({ correctedAt: attendances.correctedAt })
      .from(attendances)
      .where(
        and(eq(attendances.sessionId, sessionRowId), eq(attendances.studentId, w.students.a1.student.id)),
      );
    const ist = new Date(stored!.correctedAt!.getTime() + 330 * 60_000).toISOString().slice(0, 19);
    expect(a1[6]).toBe(`${ist}+05:30`);
    expect((await api(t.app, w.tokens.haj, 'GET', WORKBOOK(w.sessionId))).status).toBe(404);
    expect((await api(t.app, w.tokens.admin, 'GET', WORKBOOK(w.sessionId))).status).toBe(200);
  });
});
