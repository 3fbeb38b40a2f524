import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lectureSessions, offeredSubjects } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { buildLiveWorld } from '../../testing/live-fixture';
import { addHeldSession, api, buildHistoryWorld, type HistoryWorld } from './testing/history-world';

const t = useTestApp();
const METADATA = '/manage/session/get_history_metadata';
const SESSIONS = '/manage/session/get_sessions_of_teacher';
const DATA = (id: string) => `/manage/session/get_session_data/${id}`;

let w: HistoryWorld;
beforeEach(async () => {
  w = await buildHistoryWorld(t.app, t.db);
});

/** The world's session plus four earlier Mondays: five held sessions, newest first. */
async function fiveSessions() {
  for (const day of ['2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'])
    await addHeldSession(t.db, w, day);
}

describe('GET /manage/session/get_history_metadata (§13)', () => {
  it("offers the branches, semesters, divisions and subjects of the teacher's held sessions", async () => {
    const res = await api(t.app, w.tokens.cst, 'GET', METADATA);
    expect(res.status).toBe(200);
    const [subject] = await t.db
      .select({ slug: offeredSubjects.slug })
      .from(offeredSubjects)
      .where(eq(offeredSubjects.id, w.lecture.offeredSubjectId));
    expect(res.body.data).toEqual({
      branches: [{ slug: w.world.branch.slug, branch_name: w.world.branch.name }],
      semesters: [{ slug: w.world.semester.slug, no: w.world.semester.no, branch_name: w.world.branch.name }],
      divisions: [
        {
          slug: w.world.divisions.A.slug,
          division_name: 'A',
          full_name: `Division - A | Sem - ${w.world.semester.no}`,
        },
      ],
      subjects: [{ slug: subject!.slug, subject_name: expect.any(String), subject_code: expect.any(String) }],
    });
  });

  it('offers nothing to a teacher without held sessions, and refuses students and admins', async () => {
    const res = await api(t.app, w.tokens.haj, 'GET', METADATA);
    expect(res.body.data).toEqual({ branches: [], semesters: [], divisions: [], subjects: [] });
    expect((await api(t.app, w.tokens.a1, 'GET', METADATA)).status).toBe(403);
    expect((await api(t.app, w.tokens.admin, 'GET', METADATA)).status).toBe(403);
    expect((await api(t.app, '', 'GET', METADATA)).status).toBe(401);
  });
});

describe('POST /manage/session/get_sessions_of_teacher (§13)', () => {
  it('answers one page in the §13 shape, newest first, with the counts of each sheet', async () => {
    await fiveSessions();
    const res = await api(t.app, w.tokens.cst, 'POST', `${SESSIONS}?page=1&page_size=2`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ current_page: 1, num_pages: 3, count: 5 });
    const [first, second] = res.body.data.results;
    expect(first).toMatchObject({
      id: w.sessionId,
      session_id: w.sessionId,
      branch: w.world.branch.name,
      semester: w.world.semester.no,
      division: 'A',
      day: '2026-11-02',
      weekday: 'Monday',
      start_time: '09:00',
      end_time: '10:00',
      active: 'post',
      student_count: 2,
      present_count: 0,
      excused_count: 0,
      corrected_count: 0,
    });
    expect(typeof first.subject_name).toBe('string');
    expect(second.day).toBe('2026-10-26');
  });

  it('reads page and page_size from the body when the query has none, the query winning otherwise', async () => {
    await fiveSessions();
    const fromBody = await api(t.app, w.tokens.cst, 'POST', SESSIONS, { page: 3, page_size: 2 });
    expect(fromBody.body.data).toMatchObject({ current_page: 3, num_pages: 3 });
    expect(fromBody.body.data.results.map((r: { day: string }) => r.day)).toEqual(['2026-10-05']);
    const both = await api(t.app, w.tokens.cst, 'POST', `${SESSIONS}?page=2&page_size=4`, {
      page: 1,
      page_size: 2,
    });
    expect(both.body.data).toMatchObject({ current_page: 2, num_pages: 2 });
    expect(both.body.data.results).toHaveLength(1);
    const fallback = await api(t.app, w.tokens.cst, 'POST', SESSIONS, {});
    expect(fallback.body.data).toMatchObject({ current_page: 1, num_pages: 1, count: 5 });
  });

  it('filters by dates (inclusive), subjects, semesters, branches and divisions; null and [] filter nothing', async () => {
    await fiveSessions();
    const days = async (body: Record<string, unknown>) =>
      (await api(t.app, w.tokens.cst, 'POST', SESSIONS, body)).body.data.results.map(
        (r: { day: string }) => r.day,
      );
    expect(await days({ start_date: '2026-10-12', end_date: '2026-10-26' })).toEqual([
      '2026-10-26',
      '2026-10-19',
      '2026-10-12',
    ]);
    expect(await days({ start_date: '2026-11-01' })).toEqual(['2026-11-02']);
    expect(await days({ divisions: [w.world.divisions.B.slug] })).toEqual([]);
    expect(
      await days({ divisions: [w.world.divisions.A.slug], semesters: [w.world.semester.slug] }),
    ).toHaveLength(5);
    expect(await days({ branches: ['no-such-branch'] })).toEqual([]);
    expect(await days({ subjects: ['no-such-subject'] })).toEqual([]);
    expect(await days({ subjects: [], start_date: null, end_date: '', branches: null })).toHaveLength(5);
  });

  it('lists only held sessions of the caller: not a session never started, not another teacher', async () => {
    await t.db.insert(lectureSessions).values({
      lectureId: w.lecture.id,
      day: '2026-11-09',
      sessionId: 'notstartedyet0000000000000000000',
      status: 'pre',
    });
    const mine = await api(t.app, w.tokens.cst, 'POST', SESSIONS, {});
    expect(mine.body.data.results.map((r: { session_id: string }) => r.session_id)).toEqual([w.sessionId]);
    const colleague = await api(t.app, w.tokens.haj, 'POST', SESSIONS, {});
    expect(colleague.body.data).toEqual({ results: [], current_page: 1, num_pages: 0, count: 0 });

    const other = await buildLiveWorld(t.app, t.db);
    const elsewhere = await api(t.app, other.tokens.cst, 'POST', SESSIONS, {});
    expect(elsewhere.body.data.results).toEqual([]);
  });

  it('refuses bad filters and paging with a sentence', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        SESSIONS,
        { start_date: '2026-11-02', end_date: '2026-11-01' },
        /The start date must not be after the end date/,
      ],
      [SESSIONS, { start_date: '2026-02-30' }, /start_date must be a date/],
      [SESSIONS, { subjects: 'all' }, /subjects must be a list of ids/],
      [`${SESSIONS}?page=0`, {}, /page must be at least 1/],
      [SESSIONS, { page_size: 101 }, /page_size must be at most 100/],
    ];
    for (const [url, body, message] of cases) {
      const res = await api(t.app, w.tokens.cst, 'POST', url, body);
      expect({ url, body, status: res.status }).toEqual({ url, body, status: 400 });
      expect(res.body.message).toMatch(message);
    }
  });

  it('refuses students and admins (403)', async () => {
    expect((await api(t.app, w.tokens.a1, 'POST', SESSIONS, {})).status).toBe(403);
    expect((await api(t.app, w.tokens.admin, 'POST', SESSIONS, {})).status).toBe(403);
  });
});

describe('GET /manage/session/get_session_data/{session_id} (§13)', () => {
  it("answers every student's final mark of the teacher's own session", async () => {
    const res = await api(t.app, w.tokens.cst, 'GET', DATA(w.sessionId));
    expect(res.status).toBe(200);
    const rows = res.body.data.marked_attendances;
    expect(rows.map((r: { student: { enrollment: string } }) => r.student.enrollment).sort()).toEqual(
      [w.students.a1.student.enrollment, w.students.a2.student.enrollment].sort(),
    );
    expect(rows[0]).toMatchObject({ is_present: false, slug: expect.any(String) });
  });

  it('lists, counts and exports an expected student without a row as absent, as the record does', async () => {
    // A held session whose students have no rows: they joined its batch after it started.
    const held = await addHeldSession(t.db, w, '2026-10-26');
    const expected = [w.students.a1.student.enrollment, w.students.a2.student.enrollment].sort();
    const list = await api(t.app, w.tokens.cst, 'POST', SESSIONS, {
      start_date: '2026-10-26',
      end_date: '2026-10-26',
    });
    expect(list.body.data.results).toEqual([
      expect.objectContaining({ session_id: held.sessionId, student_count: 2, present_count: 0 }),
    ]);
    const data = await api(t.app, w.tokens.cst, 'GET', DATA(held.sessionId));
    const rows = data.body.data.marked_attendances;
    expect(rows.map((r: { student: { enrollment: string } }) => r.student.enrollment).sort()).toEqual(
      expected,
    );
    for (const row of rows) expect(row).toMatchObject({ is_present: false, slug: expect.any(String) });
    const csv = await call(t.app, {
      method: 'GET',
      url: `/api/manage/session/get_session_data_for_export/${held.sessionId}`,
      token: w.tokens.cst,
    });
    const lines = csv.raw.body.split('\r\n').filter(Boolean).slice(1);
    expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(expected);
    // The same two absences in the record: nothing counted twice.
    const sheet = await api(t.app, w.tokens.cst, 'GET', `/attendance/sessions/${held.sessionId}/sheet`);
    expect(sheet.body.data.rows).toHaveLength(2);
    expect(sheet.body.data.session).toMatchObject({ student_count: 2, present_count: 0 });
  });

  it("is not found for another teacher, another institution's teacher, or an unknown id", async () => {
    expect((await api(t.app, w.tokens.haj, 'GET', DATA(w.sessionId))).status).toBe(404);
    const other = await buildLiveWorld(t.app, t.db);
    const elsewhere = await api(t.app, other.tokens.cst, 'GET', DATA(w.sessionId));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ data: null, error: true, message: 'Session not found' });
    expect((await api(t.app, w.tokens.cst, 'GET', DATA('nosuchsession'))).status).toBe(404);
    expect((await api(t.app, w.tokens.a1, 'GET', DATA(w.sessionId))).status).toBe(403);
  });

  it('says a session never started has no attendance yet (409)', async () => {
    await t.db.insert(lectureSessions).values({
      lectureId: w.lecture.id,
      day: '2026-11-09',
      sessionId: 'notstartedyet0000000000000000000',
      status: 'pre',
    });
    const res = await api(t.app, w.tokens.cst, 'GET', DATA('notstartedyet0000000000000000000'));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not been held yet/);
  });
});

describe("an admin's history of their branches (Rollbook calls)", () => {
  const FILTERS = '/attendance/sessions/filters';
  const SEARCH = '/attendance/sessions/search';

  it("lists every teacher's held sessions of the admin's branches, naming the teacher", async () => {
    await fiveSessions();
    const res = await api(t.app, w.tokens.admin, 'POST', `${SEARCH}?page_size=2`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ current_page: 1, num_pages: 3, count: 5 });
    expect(res.body.data.results[0]).toMatchObject({
      session_id: w.sessionId,
      teacher_name: w.world.teachers.cst.profile.name,
    });
    const filtered = await api(t.app, w.tokens.admin, 'POST', SEARCH, { end_date: '2026-10-12' });
    expect(filtered.body.data.results.map((r: { day: string }) => r.day)).toEqual([
      '2026-10-12',
      '2026-10-05',
    ]);
    const filters = await api(t.app, w.tokens.admin, 'GET', FILTERS);
    expect(filters.body.data.divisions.map((d: { slug: string }) => d.slug)).toEqual([
      w.world.divisions.A.slug,
    ]);
    expect(filters.body.data.branches).toEqual([
      { slug: w.world.branch.slug, branch_name: w.world.branch.name },
    ]);
  });

  it("shows another branch's admin and another institution's admin nothing; refuses teachers and students", async () => {
    const elsewhere = await api(t.app, w.otherBranchAdmin, 'POST', SEARCH, {});
    expect(elsewhere.body.data).toEqual({ results: [], current_page: 1, num_pages: 0, count: 0 });
    expect((await api(t.app, w.otherBranchAdmin, 'GET', FILTERS)).body.data).toEqual({
      branches: [],
      semesters: [],
      divisions: [],
      subjects: [],
    });
    const other = await buildLiveWorld(t.app, t.db);
    expect((await api(t.app, other.tokens.admin, 'POST', SEARCH, {})).body.data.results).toEqual([]);
    for (const token of [w.tokens.cst, w.tokens.a1]) {
      expect((await api(t.app, token, 'POST', SEARCH, {})).status).toBe(403);
      expect((await api(t.app, token, 'GET', FILTERS)).status).toBe(403);
    }
  });
});
