import { beforeEach, describe, expect, it } from 'vitest';
import { SessionsOfTeacherSchema, SessionSheetSchema } from '@rollbook/contract';
import { useTestApp } from '../../testing/test-app';
import { createInstant, startInstant } from '../../testing/instant-fixture';
import { alertsOf, api, buildHistoryWorld, endSession, type HistoryWorld } from './testing/history-world';

const t = useTestApp();
const METADATA = '/manage/session/get_history_metadata';
const SESSIONS = '/manage/session/get_sessions_of_teacher';
const BRANCH_SESSIONS = '/attendance/sessions/search';
const DATA = (id: string) => `/manage/session/get_session_data/${id}`;
const SHEET = (id: string) => `/attendance/sessions/${id}/sheet`;
const CORRECT = (id: string) => `/attendance/sessions/${id}/corrections`;

let w: HistoryWorld;
beforeEach(async () => {
  w = await buildHistoryWorld(t.app, t.db);
});

/** Creates an instant lecture as CST, starts its session and ends it: its public session id. */
async function heldInstant(body: Record<string, unknown>): Promise<string> {
  const created = await createInstant(t.app, w.tokens.cst, {
    semester: w.world.semester.slug,
    classroom: w.world.rooms.LH101!.slug,
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const started = await startInstant(t.app, w.tokens.cst, created.body.data.slug as string);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.data.session_id as string;
  await endSession(t.db, sessionId, new Date('2026-11-02T05:30:00Z'));
  return sessionId;
}

async function subjectSlug(): Promise<string> {
  const subject = await t.db.query.offeredSubjects.findFirst({
    where: (s, { eq }) => eq(s.id, w.lecture.offeredSubjectId),
  });
  return subject!.slug;
}

const batchSlug = (name: string) => w.world.batches.find((b) => b.name === name)!.slug;

async function sessionsOf(token: string, url: string, body: Record<string, unknown> = {}) {
  const res = await api(t.app, token, 'POST', url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SessionsOfTeacherSchema.parse(res.body.data);
}

describe('instant lectures in the session history', () => {
  it('lists an instant session beside the timetable ones in the §13 shape, recognisable by kind and type', async () => {
    const subject = await subjectSlug();
    const instant = await heldInstant({
      divisions: [w.world.divisions.A.slug],
      batches: [batchSlug('A1')],
      subject,
    });
    const page = await sessionsOf(w.tokens.cst, SESSIONS);
    expect(page.count).toBe(2);
    const byId = new Map(page.results.map((r) => [r.session_id, r]));
    expect(byId.get(instant)).toMatchObject({
      id: instant,
      session_id: instant,
      subject_name: 'Information Security',
      branch: w.world.branch.name,
      semester: w.world.semester.no,
      division: 'A',
      day: '2026-11-02',
      weekday: 'Monday',
      kind: 'instant',
      type: 'instant',
      active: 'post',
      // The instant lecture is for batch A1 only: one expected student, absent.
      student_count: 1,
      present_count: 0,
    });
    expect(byId.get(w.sessionId)).toMatchObject({ kind: 'timetable', type: 'theory', student_count: 2 });

    // Its subject filters it in; the final attendance (§13) is its audience's.
    const filtered = await sessionsOf(w.tokens.cst, SESSIONS, { subjects: [subject] });
    expect(filtered.results.map((r) => r.session_id).sort()).toEqual([instant, w.sessionId].sort());
    const data = await api(t.app, w.tokens.cst, 'GET', DATA(instant));
    expect(data.status).toBe(200);
    expect(data.body.data.marked_attendances).toHaveLength(1);
  });

  it('shows a free title and every division; the division filter finds it, the subject filter leaves it out', async () => {
    const instant = await heldInstant({
      divisions: [w.world.divisions.A.slug, w.world.divisions.B.slug],
      title: 'Revision hour',
    });
    const divisionIds = [w.world.divisions.A.id, w.world.divisions.B.id];
    const everyone = new Set(
      w.world.batches
        .filter((b) => divisionIds.includes(b.divisionId))
        .flatMap((b) => (w.world.students.get(b.name) ?? []).map((s) => s.student.id)),
    );
    expect(everyone.size).toBeGreaterThan(2);
    const all = await sessionsOf(w.tokens.cst, SESSIONS);
    expect(all.results.find((r) => r.session_id === instant)).toMatchObject({
      subject_name: 'Revision hour',
      subject_code: '',
      division: 'A, B',
      kind: 'instant',
      // No batch chosen: the whole of both divisions.
      student_count: everyone.size,
    });

    const ofB = await sessionsOf(w.tokens.cst, SESSIONS, { divisions: [w.world.divisions.B.slug] });
    expect(ofB.results.map((r) => r.session_id)).toEqual([instant]);
    const ofA = await sessionsOf(w.tokens.cst, SESSIONS, { divisions: [w.world.divisions.A.slug] });
    expect(ofA.results.map((r) => r.session_id).sort()).toEqual([instant, w.sessionId].sort());
    const bySubject = await sessionsOf(w.tokens.cst, SESSIONS, { subjects: [await subjectSlug()] });
    expect(bySubject.results.map((r) => r.session_id)).toEqual([w.sessionId]);

    // The filters offer division B (from the instant lecture) but no subject for a free title.
    const metadata = await api(t.app, w.tokens.cst, 'GET', METADATA);
    expect(metadata.body.data.divisions.map((d: { division_name: string }) => d.division_name)).toEqual([
      'A',
      'B',
    ]);
    expect(metadata.body.data.subjects).toHaveLength(1);
  });

  it("is scoped like any session: its teacher and the branch's admins see it, nobody else", async () => {
    const instant = await heldInstant({ divisions: [w.world.divisions.A.slug], title: 'Guest talk' });

    const haj = await sessionsOf(w.tokens.haj, SESSIONS);
    expect(haj.count).toBe(0);
    expect((await api(t.app, w.tokens.haj, 'GET', DATA(instant))).status).toBe(404);
    expect((await api(t.app, w.tokens.haj, 'GET', SHEET(instant))).status).toBe(404);

    const branch = await sessionsOf(w.tokens.admin, BRANCH_SESSIONS);
    expect(branch.results.find((r) => r.session_id === instant)).toMatchObject({
      kind: 'instant',
      teacher_name: expect.any(String),
    });
    expect((await api(t.app, w.tokens.admin, 'GET', SHEET(instant))).status).toBe(200);

    const elsewhere = await sessionsOf(w.otherBranchAdmin, BRANCH_SESSIONS);
    expect(elsewhere.count).toBe(0);
    expect((await api(t.app, w.otherBranchAdmin, 'GET', SHEET(instant))).status).toBe(404);
    expect((await api(t.app, w.tokens.a1, 'GET', SHEET(instant))).status).toBe(403);
  });

  it('opens the sheet of its audience and corrects a mark there; a student outside it is not found', async () => {
    const instant = await heldInstant({
      divisions: [w.world.divisions.A.slug],
      batches: [batchSlug('A1')],
      title: 'Lab make-up',
    });
    const sheet = await api(t.app, w.tokens.cst, 'GET', SHEET(instant));
    expect(sheet.status).toBe(200);
    const parsed = SessionSheetSchema.parse(sheet.body.data);
    expect(parsed.session).toMatchObject({ kind: 'instant', subject_name: 'Lab make-up' });
    expect(parsed.rows.map((r) => r.student.slug)).toEqual([w.students.a1.student.slug]);

    const corrected = await api(t.app, w.tokens.cst, 'POST', CORRECT(instant), {
      student_slug: w.students.a1.student.slug,
      status: 'present',
      reason: 'Signed the paper register',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data).toMatchObject({ status: 'present', correction_count: 1 });
    const alerts = await alertsOf(t.db, w.students.a1.profile.id);
    expect(alerts.at(-1)?.message).toMatch(/^Your attendance for Lab make-up on /);

    const outside = await api(t.app, w.tokens.cst, 'POST', CORRECT(instant), {
      student_slug: w.students.b1.student.slug,
      status: 'present',
      reason: 'Not of this lecture',
    });
    expect(outside.status).toBe(404);
    const after = await sessionsOf(w.tokens.cst, SESSIONS, { divisions: [w.world.divisions.A.slug] });
    expect(after.results.find((r) => r.session_id === instant)).toMatchObject({
      present_count: 1,
      corrected_count: 1,
    });
  });
});
