import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { and, count, eq } from 'drizzle-orm';
import { attendances, lectureSessions, lectures } from '../../db/schema';
import { call, useTestApp } from '../../testing/test-app';
import { buildAdmin, buildBranch, buildInstitution, buildTeacher } from '../../testing/factories';
import {
  buildTimetableWorld,
  gridCsv,
  multipartFile,
  type TimetableWorld,
} from '../../testing/timetable-fixture';
import { tokenFor } from '../../testing/tokens';
import { startSession } from '../../testing/live-fixture';
import { csvToXlsx } from './samples';

const t = useTestApp();

/** Monday 2 to Sunday 8 November 2026; the test clock starts on Monday at 09:00 in India. */
const GRID = gridCsv(
  ['CST', 'HAJ', 'NMP'],
  [
    ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101', 'BE-7-B-CD-LH102', ''],
    ['', '10:00-11:00', 'BE-7-B-IS-LH102', '', 'BE-7-A-PM-LH101'],
    ['', '12:45-01:45', 'BE-7-A_A1-IS-LAB201', 'BE-7-A_A2-CD-LAB202', ''],
    ['', '01:45-02:45', 'BE-7-A_A1-IS-LAB201', 'BE-7-A_A2-CD-LAB202', ''],
    ['WEDNESDAY', '09:00-10:00', 'BE-7-B_B1-IS-LAB201', 'BE-7-A-CD-LH101', ''],
    ['SUNDAY', '11:00-12:00', 'BE-7-A-IS-LH101', '', ''],
  ],
);

let w: TimetableWorld;
let adminToken: string;
let cstToken: string;

async function upload(token: string, data: Buffer | string, filename = 'master_tt.csv') {
  const body = multipartFile('master_tt.csv', filename, Buffer.from(data));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manage/upload_master_timetable/',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const lectureCount = async () => (await t.db.select({ n: count() }).from(lectures))[0]!.n;
const get = (url: string, token: string) => call(t.app, { method: 'GET', url, token });

beforeEach(async () => {
  w = await buildTimetableWorld(t.db);
  adminToken = await tokenFor(t.app, w.admin.profile);
  cstToken = await tokenFor(t.app, w.teachers.cst.profile);
});

describe('master timetable upload', () => {
  it('imports a clean grid and reports what it saved', async () => {
    const res = await upload(adminToken, GRID);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        logs: ['Division BE 7 A: 6 lectures saved', 'Division BE 7 B: 3 lectures saved'].sort(),
        register_count: 9,
        error_count: 0,
      },
      error: false,
      message: null,
    });
    expect(await lectureCount()).toBe(9);
  });

  it('imports .xlsx the same way', async () => {
    const res = await upload(adminToken, await csvToXlsx(GRID), 'master.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data.register_count).toBe(9);
  });

  it('answers 400 with every problem and saves nothing', async () => {
    await upload(adminToken, GRID);
    const before = await lectureCount();
    const bad = GRID.replace('BE-7-B-CD-LH102', 'BE-7-B-CD-LH999').replace(
      'BE-7-A-PM-LH101',
      'BE-7-A-PM-LH102',
    );
    const res = await upload(adminToken, bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    expect(res.body.message).toMatch(
      /^The timetable has 2 problems, so nothing was saved\. First: row 6, column HAJ: No classroom is named "LH999"/,
    );
    expect(res.body.issues).toEqual([
      { path: 'row 6, column HAJ', message: 'No classroom is named "LH999"' },
      {
        path: 'row 7, column NMP',
        message:
          'Classroom LH102 is booked twice on MONDAY at 10:00-11:00: also IS for BE 7 B at row 7, column CST (10:00-11:00)',
      },
    ]);
    expect(await lectureCount()).toBe(before);
  });

  it('reports each problem of a one-lecture-per-row file at the column holding the bad value', async () => {
    await upload(adminToken, GRID);
    const before = await lectureCount();
    const rows = [
      'day,start,end,subject,teacher,division,batches,classroom,type',
      'tuesday,09:00,10:00,IS,XYZ,BE-7-A,,LH101,theory', // row 2: unknown teacher
      'tuesday,10:00,11:00,IS,CST,BE-7-C,,LH101,theory', // row 3: unknown division
      'tuesday,11:00,12:00,IS,CST,BE-7-A,,LH999,theory', // row 4: unknown classroom
      'tuesday,12:00,13:00,IS,CST,BE-7-A,A9,LAB201,lab', // row 5: unknown batch
      'thursday,09:00,10:00,IS,CST,BE-7-A,,LH101,theory', // row 6
      'thursday,09:00,10:00,CD,CST,BE-7-B,,LH102,theory', // row 7: CST twice
    ].join('\n');
    const res = await upload(adminToken, rows);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^The timetable has 5 problems, so nothing was saved\. First: row 2, column teacher: No teacher has the code "XYZ"/,
    );
    expect(res.body.issues).toEqual([
      { path: 'row 2, column teacher', message: 'No teacher has the code "XYZ"' },
      { path: 'row 3, column division', message: 'BE semester 7 has no division "C" (divisions: A, B)' },
      { path: 'row 4, column classroom', message: 'No classroom is named "LH999"' },
      {
        path: 'row 5, column batches',
        message: 'Division A of BE semester 7 has no batch "A9" (batches: A1, A2)',
      },
      {
        path: 'row 7, column teacher',
        message:
          'Teacher CST is booked twice on THURSDAY at 09:00-10:00: also IS for BE 7 A at row 6, column teacher (09:00-10:00)',
      },
    ]);
    expect(await lectureCount()).toBe(before);
  });

  it('replaces a division’s timetable, keeping lectures that have history as inactive', async () => {
    await upload(adminToken, GRID);
    // CST starts both Monday lectures of division A (the start creates the session rows).
    const monday = await get('/api/manage/get_timetable_for_teacher/monday', cstToken);
    const divisionA = monday.body.data[0].streams[0].semesters[0].divisions.find(
      (d: any) => d.division_name === 'A',
    );
    for (const l of divisionA.timetable.schedule.lectures) {
      t.clock.set(new Date(`2026-11-02T${l.start_time}:00+05:30`));
      expect((await startSession(t.app, cstToken, l.slug)).status).toBe(200);
    }
    const smaller = gridCsv(['CST'], [['TUESDAY', '09:00-10:00', 'BE-7-A-IS-LH101']]);
    const res = await upload(adminToken, smaller);
    expect(res.status).toBe(200);
    const rows = await t.db.select({ active: lectures.isActive, day: lectures.day }).from(lectures);
    // Division B untouched (3 lectures); division A: the new Tuesday lecture, plus the two Monday
    // lectures CST held sessions of, kept but inactive; the others deleted.
    expect(
      rows
        .filter((r) => r.active)
        .map((r) => r.day)
        .sort(),
    ).toEqual(['monday', 'monday', 'tuesday', 'wednesday']);
    expect(rows.filter((r) => !r.active).map((r) => r.day)).toEqual(['monday', 'monday']);
    expect((await t.db.select({ n: count() }).from(lectureSessions))[0]!.n).toBeGreaterThan(0);
  });

  it('is for admins of their own branches only', async () => {
    expect((await upload(cstToken, GRID)).status).toBe(403);
    const otherInstitution = await buildInstitution(t.db);
    const stranger = await buildAdmin(t.db, { institutionId: otherInstitution.id });
    const res = await upload(await tokenFor(t.app, stranger.profile), GRID);
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: 'row 6, column CST',
      message: 'There is no BE semester 7 in your branches',
    });
    const wrongField = multipartFile('other', 'x.csv', Buffer.from('x'));
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/manage/upload_master_timetable/',
      headers: { authorization: `Bearer ${adminToken}`, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('refuses a teacher of another branch only, as load allocation does, and saves nothing', async () => {
    const itBranch = await buildBranch(t.db, {
      institutionId: w.institutionId,
      name: 'Information Technology',
    });
    await buildTeacher(t.db, {
      institutionId: w.institutionId,
      branchId: itBranch.id,
      teacherCode: 'RKR',
      name: 'Rakesh K. Rana',
    });
    const before = await lectureCount();
    const res = await upload(adminToken, GRID.replace(/NMP/g, 'RKR'));
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      {
        path: 'row 7, column RKR',
        message:
          'Rakesh K. Rana (RKR) does not teach in Computer Engineering; an institution admin can add that branch to the teacher on the People page',
      },
    ]);
    expect(await lectureCount()).toBe(before);
  });

  it('never crashes and never writes on garbage or cut files (property)', async () => {
    await upload(adminToken, GRID);
    const before = await lectureCount();
    const xlsx = await csvToXlsx(GRID);
    const files = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 600 }).map((b) => ({ name: 'g.csv', data: Buffer.from(b) })),
      fc
        .nat({ max: xlsx.length - 1 })
        .map((n) => ({ name: 'g.xlsx', data: xlsx.subarray(0, Math.max(1, n)) })),
      fc
        .string({ minLength: 1, maxLength: 300 })
        .map((s) => ({ name: 'g.csv', data: Buffer.from(`DAY,TIME,CST\n${s}`) })),
    );
    await fc.assert(
      fc.asyncProperty(files, async (file) => {
        const res = await upload(adminToken, file.data, file.name);
        expect(res.status).toBe(400);
        expect(typeof res.body.message).toBe('string');
        expect(res.body.message.length).toBeGreaterThan(0);
        expect(await lectureCount()).toBe(before);
      }),
      { numRuns: 25 },
    );
  });
});

describe('browsing the master timetable', () => {
  it('lists a stream’s divisions and a division’s week, Monday first, days upper-case', async () => {
    await upload(adminToken, GRID);
    const divisions = await get(`/api/manage/get_divisions_from_stream/${w.stream.slug}`, adminToken);
    expect(divisions.status).toBe(200);
    expect(divisions.body.data).toEqual([
      { slug: w.divisions.A.slug, division_name: 'A', full_name: 'Division - A | Sem - 7' },
      { slug: w.divisions.B.slug, division_name: 'B', full_name: 'Division - B | Sem - 7' },
    ]);
    const week = await get(`/api/manage/get_timetable/${w.divisions.A.slug}`, adminToken);
    expect(week.status).toBe(200);
    expect(week.body.data.schedules.map((s: any) => s.day)).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
    ]);
    const monday = week.body.data.schedules[0].lectures;
    expect(
      monday.map((l: any) => [l.start_time, l.end_time, l.subject.subject_name, l.teacher.teacher_code]),
    ).toEqual([
      ['09:00', '10:00', 'Information Security', 'CST'],
      ['10:00', '11:00', 'Project Management', 'NMP'],
      ['12:45', '14:45', 'Information Security', 'CST'],
      ['12:45', '14:45', 'Compiler Design', 'HAJ'],
    ]);
    expect(monday[2]).toMatchObject({
      type: 'lab',
      batches: [{ batch_name: 'A1' }],
      classroom: { class_name: 'LAB201' },
    });
    expect(monday[0].batches.map((b: any) => b.batch_name)).toEqual(['A1', 'A2']);
  });

  it('hides other institutions’ streams and divisions (404) and refuses non-admins (403)', async () => {
    const other = await buildTimetableWorld(t.db, {});
    expect((await get(`/api/manage/get_timetable/${other.divisions.A.slug}`, adminToken)).status).toBe(404);
    expect((await get(`/api/manage/get_divisions_from_stream/${other.stream.slug}`, adminToken)).status).toBe(
      404,
    );
    expect((await get(`/api/manage/get_timetable/${w.divisions.A.slug}`, cstToken)).status).toBe(403);
  });
});

describe('teacher dashboard', () => {
  beforeEach(async () => {
    expect((await upload(adminToken, GRID)).status).toBe(200);
  });

  it('answers today’s lectures with sessions, grouped branch > stream > semester > division', async () => {
    const res = await get('/api/manage/get_timetable_for_teacher/current', cstToken);
    expect(res.status).toBe(200);
    expect(res.body.day).toBe('monday');
    const [branch] = res.body.data;
    expect(branch).toMatchObject({ branch_name: 'Computer Engineering', slug: w.branch.slug });
    expect(branch.streams).toHaveLength(1);
    const [semester] = branch.streams[0].semesters;
    expect(semester.no).toBe(7);
    const byDivision = Object.fromEntries(
      semester.divisions.map((d: any) => [
        d.division_name,
        d.timetable.schedule.lectures.map((l: any) => l.start_time),
      ]),
    );
    expect(byDivision).toEqual({ A: ['09:00', '12:45'], B: ['10:00'] });
    const lecture = semester.divisions[0].timetable.schedule.lectures[0];
    expect(semester.divisions[0].timetable.schedule.day).toBe('MONDAY');
    expect(lecture).toMatchObject({
      type: 'theory',
      is_active: true,
      subject: {
        subject_map: { subject_name: 'Information Security', subject_code: '3170701' },
        semester: { no: 7 },
      },
      teacher: { teacher_code: 'CST', profile: { name: 'Chirag S. Thakkar' } },
      classroom: { class_name: 'LH101' },
      session: { active: 'pre', day: '2026-11-02', classroom_final: null },
    });
    expect(lecture.batches[0].division.division_name).toBe('A');
  });

  it('names each session the same way every time without writing, and the start keeps that id', async () => {
    const first = await get('/api/manage/get_timetable_for_teacher/monday', cstToken);
    const second = await get('/api/manage/get_timetable_for_teacher/current', cstToken);
    const lecturesOf = (res: typeof first) =>
      res.body.data[0].streams[0].semesters[0].divisions.flatMap((d: any) => d.timetable.schedule.lectures);
    const ids = lecturesOf(first).map((l: any) => l.session.session_id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    ids.forEach((id: string) => expect(id).toMatch(/^[0-9a-f]{32}$/));
    expect(lecturesOf(second).map((l: any) => l.session.session_id)).toEqual(ids);
    // A read never writes: no session rows until the teacher starts one.
    expect((await t.db.select({ n: count() }).from(lectureSessions))[0]!.n).toBe(0);
    expect(lecturesOf(first)[0].session).not.toHaveProperty('created_at');

    const nine = lecturesOf(first).find((l: any) => l.start_time === '09:00');
    const started = await startSession(t.app, cstToken, nine.slug);
    expect(started.status).toBe(200);
    expect(started.body.data.session_id).toBe(nine.session.session_id);
    const after = lecturesOf(await get('/api/manage/get_timetable_for_teacher/monday', cstToken));
    expect(after.map((l: any) => l.session.session_id)).toEqual(ids);
    expect(after.find((l: any) => l.slug === nine.slug).session).toMatchObject({ active: 'ongoing' });
    expect((await t.db.select({ n: count() }).from(lectureSessions))[0]!.n).toBe(1);
  });

  it('names another week’s session of the same lecture differently', async () => {
    const idOn = async (when: string) => {
      t.clock.set(new Date(when));
      const res = await get(
        '/api/manage/get_timetable_for_teacher/monday',
        await tokenFor(t.app, w.teachers.cst.profile),
      );
      return res.body.data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0].session;
    };
    const thisWeek = await idOn('2026-11-02T09:00:00+05:30');
    const nextWeek = await idOn('2026-11-09T09:00:00+05:30');
    expect(thisWeek.day).toBe('2026-11-02');
    expect(nextWeek.day).toBe('2026-11-09');
    expect(nextWeek.session_id).not.toBe(thisWeek.session_id);
  });

  it('dates any weekday within the current Monday-first week, in India’s time zone', async () => {
    t.clock.set(new Date('2026-11-07T23:30:00+05:30')); // Saturday night: still the week of 2 November
    cstToken = await tokenFor(t.app, w.teachers.cst.profile);
    const sunday = await get('/api/manage/get_timetable_for_teacher/sunday', cstToken);
    expect(sunday.body.day).toBe('sunday');
    expect(
      sunday.body.data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0].session.day,
    ).toBe('2026-11-08');
    const wednesday = await get('/api/manage/get_timetable_for_teacher/wednesday', cstToken);
    expect(
      wednesday.body.data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0].session.day,
    ).toBe('2026-11-04');
    t.clock.set(new Date('2026-11-08T19:00:00Z')); // 00:30 Monday 9 November in India
    cstToken = await tokenFor(t.app, w.teachers.cst.profile);
    const current = await get('/api/manage/get_timetable_for_teacher/current', cstToken);
    expect(current.body.day).toBe('monday');
    expect(
      current.body.data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0].session.day,
    ).toBe('2026-11-09');
    const empty = await get('/api/manage/get_timetable_for_teacher/friday', cstToken);
    expect(empty.body).toEqual({ data: [], day: 'friday', error: false, message: null });
  });

  it('refuses other roles and bad days', async () => {
    expect((await get('/api/manage/get_timetable_for_teacher/current', adminToken)).status).toBe(403);
    expect((await get('/api/manage/get_timetable_for_teacher/someday', cstToken)).status).toBe(400);
    expect((await get('/api/manage/get_timetable_for_teacher/current', '')).status).toBe(401);
  });
});

describe('student dashboard', () => {
  beforeEach(async () => {
    expect((await upload(adminToken, GRID)).status).toBe(200);
  });

  it('answers today’s lectures of the student’s batches, with attendance from the records', async () => {
    const a1 = w.students.get('A1')![0]!;
    const token = await tokenFor(t.app, a1.profile);
    const res = await get('/api/manage/get_timetable_for_student', token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const [entry] = res.body.data;
    expect(entry.stream).toMatchObject({
      title: 'BE',
      stream_code: '07',
      branch: { branch_name: 'Computer Engineering' },
    });
    const list = entry.timetables[0].lectures;
    expect(list.map((l: any) => [l.start_time, l.subject.subject_map.subject_name, l.teacher])).toEqual([
      ['09:00', 'Information Security', 'Chirag S. Thakkar'],
      ['10:00', 'Project Management', 'Nirav M. Patel'],
      ['12:45', 'Information Security', 'Chirag S. Thakkar'],
    ]);
    expect(list.every((l: any) => l.attendance_marked === false && l.session.active === 'pre')).toBe(true);

    // No session row exists until a teacher starts it; then mark the student present in the
    // first session: the next answer says so, under the same session id.
    expect((await t.db.select({ n: count() }).from(lectureSessions))[0]!.n).toBe(0);
    expect((await startSession(t.app, cstToken, list[0].slug)).status).toBe(200);
    const [session] = await t.db
      .select({ id: lectureSessions.id })
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, list[0].session.session_id));
    await t.db
      .update(attendances)
      .set({ isPresent: true })
      .where(and(eq(attendances.sessionId, session!.id), eq(attendances.studentId, a1.student.id)));
    const again = await get('/api/manage/get_timetable_for_student', token);
    expect(again.body.data[0].timetables[0].lectures.map((l: any) => l.attendance_marked)).toEqual([
      true,
      false,
      false,
    ]);
    expect(again.body.data[0].timetables[0].lectures[0].session.session_id).toBe(list[0].session.session_id);

    // An A2 student has the CD lab instead of the IS lab.
    const a2 = await tokenFor(t.app, w.students.get('A2')![0]!.profile);
    const theirs = await get('/api/manage/get_timetable_for_student', a2);
    expect(
      theirs.body.data[0].timetables[0].lectures.map((l: any) => l.subject.subject_map.subject_name),
    ).toEqual(['Information Security', 'Project Management', 'Compiler Design']);
    expect((await get('/api/manage/get_timetable_for_student', cstToken)).status).toBe(403);
  });
});

describe('the day reads on the hot path', () => {
  beforeEach(async () => {
    expect((await upload(adminToken, GRID)).status).toBe(200);
  });

  /** Statements the database client is sent while `run` runs (either driver: both go through `query`). */
  async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('answers each timetable in at most 3 statements, the token check included', async () => {
    const student = await tokenFor(t.app, w.students.get('A1')![0]!.profile);
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const forStudent = await statementsDuring(async () => {
      res = await get('/api/manage/get_timetable_for_student', student);
    });
    expect(res!.status).toBe(200);
    expect(res!.body.data[0].timetables[0].lectures).toHaveLength(3);
    expect(forStudent).toBeGreaterThan(0);
    expect(forStudent).toBeLessThanOrEqual(3);
    const forTeacher = await statementsDuring(async () => {
      res = await get('/api/manage/get_timetable_for_teacher/monday', cstToken);
    });
    expect(res!.status).toBe(200);
    expect(forTeacher).toBeGreaterThan(0);
    expect(forTeacher).toBeLessThanOrEqual(3);
  });
});

describe('classrooms', () => {
  beforeEach(async () => {
    expect((await upload(adminToken, GRID)).status).toBe(200);
  });

  async function mondayLecture(token: string, start: string) {
    const res = await get('/api/manage/get_timetable_for_teacher/monday', token);
    return res.body.data[0].streams[0].semesters[0].divisions
      .flatMap((d: any) => d.timetable.schedule.lectures)
      .find((l: any) => l.start_time === start);
  }

  it('lists the teacher’s branches’ classrooms', async () => {
    const res = await get('/api/manage/get_classrooms_for_teacher', cstToken);
    expect(res.body.data.map((c: any) => c.class_name)).toEqual(['LAB201', 'LAB202', 'LH101', 'LH102']);
    expect((await get('/api/manage/get_classrooms_for_teacher', adminToken)).status).toBe(403);
  });

  it('tells who else holds a room, refuses a clash without merge, and merges on request', async () => {
    const lecture = await mondayLecture(cstToken, '09:00'); // IS for A in LH101; HAJ has CD for B in LH102
    const allocation = (room: string) =>
      get(
        `/api/manage/session/get_classroom_allocations?lecture_slug=${lecture.slug}&classroom_slug=${w.rooms[room]!.slug}`,
        cstToken,
      );
    expect((await allocation('LAB202')).body.data).toEqual({ associated_lecture: null });
    const taken = await allocation('LH102');
    expect(taken.body.data.associated_lecture).toMatchObject({
      teacher: 'Hetal A. Joshi (HAJ)',
      subject_name: 'Compiler Design',
    });

    const move = (room: string, merge: boolean) =>
      call(t.app, {
        method: 'POST',
        url: '/api/manage/session/set_classroom_dynamic/',
        token: cstToken,
        body: { lecture_slug: lecture.slug, classroom_slug: w.rooms[room]!.slug, merge },
      });
    const refused = await move('LH102', false);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Hetal A. Joshi (HAJ) already has Compiler Design in LH102 at 09:00-10:00. Choose to merge the lectures to share the room.',
    );
    const merged = await move('LH102', true);
    expect(merged.status).toBe(200);
    const moved = merged.body.data[0].streams[0].semesters[0].divisions
      .flatMap((d: any) => d.timetable.schedule.lectures)
      .find((l: any) => l.slug === lecture.slug);
    expect(moved.session.classroom_final).toEqual({ slug: w.rooms.LH102!.slug, class_name: 'LH102' });

    // The room is now held by CST at 09:00 for HAJ's lecture too.
    const hajLecture = (
      await get('/api/manage/get_timetable_for_teacher/monday', await tokenFor(t.app, w.teachers.haj.profile))
    ).body.data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0];
    const seenByHaj = await get(
      `/api/manage/session/get_classroom_allocations?lecture_slug=${hajLecture.slug}&classroom_slug=${w.rooms.LH101!.slug}`,
      await tokenFor(t.app, w.teachers.haj.profile),
    );
    expect(seenByHaj.body.data.associated_lecture).toBeNull(); // CST left LH101
  });

  it('refuses a colleague’s lecture, unknown rooms and ended sessions', async () => {
    const lecture = await mondayLecture(cstToken, '09:00');
    const haj = await tokenFor(t.app, w.teachers.haj.profile);
    const body = { lecture_slug: lecture.slug, classroom_slug: w.rooms.LAB202!.slug, merge: false };
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/manage/session/set_classroom_dynamic/',
          token: haj,
          body,
        })
      ).status,
    ).toBe(403);
    const otherWorld = await buildTimetableWorld(t.db);
    const foreignRoom = { ...body, classroom_slug: otherWorld.rooms.LAB202!.slug };
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/manage/session/set_classroom_dynamic/',
          token: cstToken,
          body: foreignRoom,
        })
      ).status,
    ).toBe(404);
    expect((await startSession(t.app, cstToken, lecture.slug)).status).toBe(200);
    await t.db.update(lectureSessions).set({ status: 'post' });
    const ended = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/set_classroom_dynamic/',
      token: cstToken,
      body,
    });
    expect(ended.status).toBe(409);
    const stranger = await buildTeacher(t.db);
    const strangerToken = await tokenFor(t.app, stranger.profile);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/manage/session/set_classroom_dynamic/',
          token: strangerToken,
          body,
        })
      ).status,
    ).toBe(404);
  });
});

describe('classroom calls: who may call them', () => {
  beforeEach(async () => {
    expect((await upload(adminToken, GRID)).status).toBe(200);
  });

  it('answer 401 without a token, 403 to other roles, 404 for another teacher’s or institution’s lecture and rooms', async () => {
    const day = await get('/api/manage/get_timetable_for_teacher/monday', cstToken);
    const lecture = day.body.data[0].streams[0].semesters[0].divisions[0].timetable.schedule.lectures[0];
    const allocation = (lectureSlug: string, roomSlug: string, token: string) =>
      get(
        `/api/manage/session/get_classroom_allocations?lecture_slug=${lectureSlug}&classroom_slug=${roomSlug}`,
        token,
      );
    const room = w.rooms.LAB202!.slug;
    const student = await tokenFor(t.app, w.students.get('A1')![0]!.profile);

    expect((await get('/api/manage/get_classrooms_for_teacher', '')).status).toBe(401);
    expect((await get('/api/manage/get_classrooms_for_teacher', student)).status).toBe(403);
    expect((await allocation(lecture.slug, room, '')).status).toBe(401);
    expect((await allocation(lecture.slug, room, student)).status).toBe(403);
    expect((await allocation(lecture.slug, room, adminToken)).status).toBe(403);
    expect((await get('/api/manage/get_timetable_for_student', '')).status).toBe(401);
    const dynamic = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/set_classroom_dynamic/',
      body: { lecture_slug: lecture.slug, classroom_slug: room, merge: false },
    });
    expect(dynamic.status).toBe(401);

    // A colleague may not look up CST's lecture; another institution finds neither lecture nor room.
    const haj = await tokenFor(t.app, w.teachers.haj.profile);
    expect((await allocation(lecture.slug, room, haj)).status).toBe(403);
    const other = await buildTimetableWorld(t.db);
    const otherCst = await tokenFor(t.app, other.teachers.cst.profile);
    expect((await allocation(lecture.slug, other.rooms.LAB202!.slug, otherCst)).status).toBe(404);
    const foreignRoom = await allocation(lecture.slug, other.rooms.LAB202!.slug, cstToken);
    expect(foreignRoom.status).toBe(404);
    expect(foreignRoom.body.message).toBe('Classroom not found');
    const rooms = await get('/api/manage/get_classrooms_for_teacher', otherCst);
    expect(rooms.body.data.map((r: { slug: string }) => r.slug)).not.toContain(room);
  });
});

describe('sample files', () => {
  it('serves both samples as CSV and .xlsx to admins, and they parse', async () => {
    const list = await get('/api/timetable/samples', adminToken);
    expect(list.body.data).toEqual([
      'grid-ce-be7.csv',
      'grid-ce-be7.xlsx',
      'rows-it-be5.csv',
      'rows-it-be5.xlsx',
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/timetable/samples/grid-ce-be7.csv',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('DAY,TIME,CST');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/timetable/samples/rows-it-be5.xlsx',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get('/api/timetable/samples/nope.csv', adminToken)).status).toBe(404);
    expect((await get('/api/timetable/samples/grid-ce-be7.csv', cstToken)).status).toBe(403);
  });
});

describe('demo seed', () => {
  it('gives the demo teacher and the demo student lectures on every day of the week', async () => {
    const { seedDemo } = await import('../../seed/demo');
    const { truncateAll } = await import('../../db/reset');
    await truncateAll(t.db);
    await seedDemo(t.db, { now: t.clock.now() });
    const { profiles } = await import('../../db/schema');
    const profileOf = async (email: string) =>
      (await t.db.select().from(profiles).where(eq(profiles.email, email)))[0]!;
    const teacherProfile = await profileOf('teacher@rollbook.test');
    const studentProfile = await profileOf('student@rollbook.test');
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    for (const [i, day] of days.entries()) {
      t.clock.set(new Date(`2026-11-0${2 + i}T08:00:00+05:30`)); // that day of the week of 2 November
      const res = await get(
        `/api/manage/get_timetable_for_teacher/current`,
        await tokenFor(t.app, teacherProfile),
      );
      expect(res.body.day).toBe(day);
      expect(res.body.data.length, `CST teaches on ${day}`).toBeGreaterThan(0);
      const student = await get(
        '/api/manage/get_timetable_for_student',
        await tokenFor(t.app, studentProfile),
      );
      expect(
        student.body.data[0]?.timetables[0]?.lectures.length ?? 0,
        `the student attends on ${day}`,
      ).toBeGreaterThan(0);
    }
  });
});
