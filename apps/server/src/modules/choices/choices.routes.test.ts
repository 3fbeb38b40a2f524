import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { semesters, subjectChoices } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import {
  alertsOf,
  as,
  at,
  auditEntries,
  buildSubjectsWorld,
  lockCeSem5,
  seconds,
  lockItSem5,
  type SubjectsWorld,
} from '../../testing/choices-fixture';

const t = useTestApp();
const TEACHER_VIEW = '/api/manage/get_teachers_subject_choices';
const TEACHER_SAVE = '/api/manage/mark_subject_choices_of_teacher/';
const TEACHER_UNSAVE = '/api/manage/unsave_subject_choices_for_teacher/';
const STUDENT_VIEW = '/api/manage/get_students_subject_choices';
const STUDENT_SAVE = '/api/manage/mark_subject_choices_of_student/';
const STUDENT_UNSAVE = '/api/manage/unsave_subject_choices_for_student/';

type Offered = Awaited<ReturnType<typeof lockCeSem5>>;
const slugOf = (offered: Offered, code: string) => offered.find((s) => s.subject_code === code)!.slug;

async function openSheet(base64: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}

/** Student `i` saves one elective per category. */
async function studentSaves(w: SubjectsWorld, i: number, picks: string[]) {
  const view = await as(t, w.students[i]!.profile, 'GET', STUDENT_VIEW);
  return as(t, w.students[i]!.profile, 'POST', STUDENT_SAVE, {
    subject_choices_slug: view.body.data.slug,
    subject_choices: picks,
  });
}

describe('teacher subject choices (§11.1)', () => {
  it('shows nothing open before any lock', async () => {
    const w = await buildSubjectsWorld(t.db);
    const res = await as(t, w.teacherA.profile, 'GET', TEACHER_VIEW);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      subject_choice_deadline: null,
      subject_choices: {
        choices_saved: false,
        choices_locked: true,
        saved_subjects: [],
        available_subjects: [],
      },
      closed_reason: 'No subject choices are open for you',
    });
    const save = await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, { subject_choices: ['abc'] });
    expect(save.status).toBe(409);
    expect(save.body.message).toMatch(/No subject choices are open/);
  });

  it('lists open subjects with similar subjects of other branches, saves priorities and includes the similar ones', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    const it = await lockItSem5(t, w, '2026-11-25');
    const view = await as(t, w.teacherA.profile, 'GET', TEACHER_VIEW);
    expect(view.status).toBe(200);
    const data = view.body.data;
    expect(data.subject_choice_deadline).toBe('2026-11-20');
    expect(data.subject_choices).toMatchObject({
      choices_saved: false,
      choices_locked: false,
      saved_subjects: [],
    });
    expect(data.subject_choices.available_subjects).toHaveLength(1);
    expect(data.subject_choices.available_subjects[0].stream).toBe('BE Computer Engineering - Semester 5');
    const ml = data.subject_choices.available_subjects[0].subjects.find(
      (s: any) => s.subject_code === '350711',
    );
    const itMl = it.find((s) => s.subject_code === '351611')!;
    expect(ml.similar_subjects).toEqual([
      expect.objectContaining({ slug: itMl.slug, branch_name: 'Information Technology' }),
    ]);

    // Own picks in drag order; the similar IT subject is added by the server.
    const save = await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, {
      subject_choices: [slugOf(ce, '350711'), slugOf(ce, '350701'), slugOf(ce, '350702')],
    });
    expect(save.status).toBe(200);
    const saved = save.body.data.subject_choices;
    expect(saved.choices_saved).toBe(true);
    expect(
      saved.saved_subjects.map((g: any) => [
        g.stream,
        g.subjects.map((s: any) => [s.subject_code, s.priority]),
      ]),
    ).toEqual([
      [
        'BE Computer Engineering - Semester 5',
        [
          ['350711', 1],
          ['350701', 2],
          ['350702', 3],
        ],
      ],
      ['BE Information Technology - Semester 5', [['351611', 4]]],
    ]);
    expect(await auditEntries(t.db, 'choices.teacher_save')).toHaveLength(1);

    // Teacher B sees who else picked it.
    const other = await as(t, w.teacherB.profile, 'GET', TEACHER_VIEW);
    const mlForB = other.body.data.subject_choices.available_subjects[0].subjects.find(
      (s: any) => s.subject_code === '350711',
    );
    expect(mlForB.teachers).toEqual([{ profile__name: 'Asha Teacher' }]);

    // The IT admin sees the CE teacher as willing to teach IT's Machine Learning.
    const itTeachers = await as(t, w.itAdmin, 'GET', `/api/manage/get_teachers_for_the_subject/${itMl.slug}`);
    expect(itTeachers.body.data.map((r: any) => [r.profile.name, r.priority])).toEqual([['Asha Teacher', 4]]);

    const unsave = await as(t, w.teacherA.profile, 'POST', TEACHER_UNSAVE);
    expect(unsave.status).toBe(200);
    expect(unsave.body.data.subject_choices).toMatchObject({
      choices_saved: false,
      choices_locked: false,
      saved_subjects: [],
    });
    const draft = unsave.body.data.subject_choices.available_subjects[0].subjects.find(
      (s: any) => s.subject_code === '350711',
    );
    expect(draft.priority).toBe(1);
    const twice = await as(t, w.teacherA.profile, 'POST', TEACHER_UNSAVE);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/not saved yet/);
  });

  it('refuses foreign, unknown and repeated subjects, and changes after the deadline', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    const it = await lockItSem5(t, w);
    const cases: [string[], number, RegExp][] = [
      [
        [it.find((s) => s.subject_code === '351601')!.slug],
        400,
        /Operating Systems \(351601\) is not one of the subjects you can choose/,
      ],
      [['unknownSlug123'], 404, /^Subject not found$/],
      [[slugOf(ce, '350701'), slugOf(ce, '350701')], 400, /only once/],
      [[], 400, /subject_choices must contain at least 1/],
    ];
    for (const [slugs, status, message] of cases) {
      const res = await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, { subject_choices: slugs });
      expect(res.status, slugs.join()).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    const [record] = await t.db
      .select()
      .from(subjectChoices)
      .where(eq(subjectChoices.profileId, w.teacherA.profile.id));
    expect(record!.choicesSaved).toBe(false);

    at(t.clock, '2026-11-21T00:00:00');
    const late = await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, {
      subject_choices: [slugOf(ce, '350701')],
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/deadline .* has passed/);
    const view = await as(t, w.teacherA.profile, 'GET', TEACHER_VIEW);
    expect(view.body.data.subject_choices.choices_locked).toBe(true);
  });

  it('names the semester of the latest round when nothing is open, not a finished earlier one', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    // Semester 5's round is over (its divisions were made); semester 7's round came after it.
    await t.db.update(semesters).set({ divisionsCreated: true }).where(eq(semesters.id, w.ceSem5.id));
    await t.db
      .update(semesters)
      .set({ subjectsLocked: true, subjectChoiceDeadline: '2026-11-25' })
      .where(eq(semesters.id, w.ceSem7.id));
    await t.db
      .insert(subjectChoices)
      .values({ profileId: w.teacherA.profile.id, semesterId: w.ceSem7.id, kind: 'teacher' });
    expect(w.ceSem5.id).toBeLessThan(w.ceSem7.id);

    at(t.clock, '2026-11-26T10:00:00');
    const expected =
      /^The deadline for subject choices of BE Computer Engineering - Semester 7 \(.+\) has passed$/;
    const save = await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, {
      subject_choices: [slugOf(ce, '350701')],
    });
    expect(save.status).toBe(409);
    expect(save.body.message).toMatch(expected);
    const unsave = await as(t, w.teacherA.profile, 'POST', TEACHER_UNSAVE);
    expect(unsave.status).toBe(409);
    expect(unsave.body.message).toMatch(expected);
    const view = await as(t, w.teacherA.profile, 'GET', TEACHER_VIEW);
    expect(view.body.data.closed_reason).toMatch(expected);
    expect(view.body.data.subject_choice_deadline).toBe('2026-11-25');
  });

  it('serves the legacy per-stream and per-semester views within the teacher’s branches', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, {
      subject_choices: [slugOf(ce, '350702'), slugOf(ce, '350701')],
    });
    const stream = await as(
      t,
      w.teacherA.profile,
      'GET',
      `/api/manage/get_saved_subjects_from_stream/${w.ceBE.slug}`,
    );
    expect(stream.body.data.map((s: any) => [s.subject_code, s.priority])).toEqual([
      ['350702', 1],
      ['350701', 2],
    ]);
    const sem = await as(
      t,
      w.teacherA.profile,
      'GET',
      `/api/manage/get_teachers_subject_choices/${w.ceSem5.slug}`,
    );
    expect(sem.body.data).toMatchObject({ choices_locked: false, deadline_timestamp: '2026-11-20' });
    expect(sem.body.data.available_choices).toHaveLength(8);
    expect(sem.body.data.finalized_choices.map((s: any) => s.subject_code)).toEqual(['350702', '350701']);
    expect(
      (await as(t, w.teacherA.profile, 'GET', `/api/manage/get_saved_subjects_from_stream/${w.itBE.slug}`))
        .status,
    ).toBe(404);
    expect(
      (
        await as(
          t,
          w.teacherA.profile,
          'GET',
          `/api/manage/get_teachers_subject_choices/${w.other.semester.slug}`,
        )
      ).status,
    ).toBe(404);
  });

  it('answers 403 to admins and students', async () => {
    const w = await buildSubjectsWorld(t.db);
    for (const who of [w.admin, w.students[0]!.profile]) {
      expect((await as(t, who, 'GET', TEACHER_VIEW)).status).toBe(403);
      expect((await as(t, who, 'POST', TEACHER_SAVE, { subject_choices: ['x'] })).status).toBe(403);
      expect((await as(t, who, 'POST', TEACHER_UNSAVE)).status).toBe(403);
      expect(
        (await as(t, who, 'GET', `/api/manage/get_saved_subjects_from_stream/${w.ceBE.slug}`)).status,
      ).toBe(403);
    }
  });
});

describe('student electives (§11.2)', () => {
  it('answers 404 when the semester has no electives', async () => {
    const w = await buildSubjectsWorld(t.db);
    const none = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    expect(none.status).toBe(404);
    await lockCeSem5(t, w, { codes: ['350701', '350702', '350731'] });
    const stillNone = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    expect(stillNone.status).toBe(404);
    expect(stillNone.body.message).toMatch(/not found/);
  });

  it('saves exactly one subject per category and refuses anything else, changing nothing', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    const view = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      choices_locked: false,
      choices_saved: false,
      deadline_timestamp: '2026-11-20',
      finalized_choices: [],
    });
    expect(view.body.data.available_choices.map((c: any) => [c.category, c.subjects.length])).toEqual([
      ['Open Elective Course', 2],
      ['Professional Elective Course', 3],
    ]);
    const slug = view.body.data.slug;
    const otherRecord = (await as(t, w.students[1]!.profile, 'GET', STUDENT_VIEW)).body.data.slug;
    const cases: [unknown, number, RegExp][] = [
      [
        { subject_choices_slug: slug, subject_choices: [slugOf(ce, '350711')] },
        400,
        /^Please select one subject from each category$/,
      ],
      [
        { subject_choices_slug: slug, subject_choices: [slugOf(ce, '350711'), slugOf(ce, '350712')] },
        400,
        /^Please select one subject from each category$/,
      ],
      [
        { subject_choices_slug: slug, subject_choices: [slugOf(ce, '350711'), slugOf(ce, '350701')] },
        400,
        /Analysis of Algorithms \(350701\) is not one of your elective options/,
      ],
      [
        { subject_choices_slug: slug, subject_choices: ['nope', slugOf(ce, '350721')] },
        404,
        /^Subject not found$/,
      ],
      [
        { subject_choices_slug: otherRecord, subject_choices: [slugOf(ce, '350711'), slugOf(ce, '350721')] },
        404,
        /^Subject choices not found$/,
      ],
      [{ subject_choices_slug: slug }, 400, /subject_choices must be a list of ids/],
    ];
    for (const [body, status, message] of cases) {
      const res = await as(t, w.students[0]!.profile, 'POST', STUDENT_SAVE, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await auditEntries(t.db, 'choices.student_save')).toHaveLength(0);

    const ok = await studentSaves(w, 0, [slugOf(ce, '350721'), slugOf(ce, '350712')]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.choices_saved).toBe(true);
    expect(ok.body.data.finalized_choices.map((s: any) => s.subject_code)).toEqual(['350721', '350712']);
    expect(await auditEntries(t.db, 'choices.student_save')).toHaveLength(1);

    const unsave = await as(t, w.students[0]!.profile, 'POST', STUDENT_UNSAVE, {
      subject_choices_slug: slug,
    });
    expect(unsave.status).toBe(200);
    expect(unsave.body.data).toMatchObject({ choices_saved: false, finalized_choices: [] });

    await studentSaves(w, 0, [slugOf(ce, '350711'), slugOf(ce, '350722')]);
    at(t.clock, '2026-11-21T09:00:00');
    const late = await as(t, w.students[0]!.profile, 'POST', STUDENT_UNSAVE, { subject_choices_slug: slug });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/deadline .* has passed/);
    const after = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    expect(after.body.data).toMatchObject({ choices_locked: true, choices_saved: true });
  });

  it('answers 403 to admins and teachers', async () => {
    const w = await buildSubjectsWorld(t.db);
    for (const who of [w.admin, w.teacherA.profile]) {
      expect((await as(t, who, 'GET', STUDENT_VIEW)).status).toBe(403);
      expect(
        (await as(t, who, 'POST', STUDENT_SAVE, { subject_choices_slug: 'x', subject_choices: ['y'] }))
          .status,
      ).toBe(403);
      expect((await as(t, who, 'POST', STUDENT_UNSAVE, { subject_choices_slug: 'x' })).status).toBe(403);
    }
  });
});

describe('admin confirmation (§9.8-9.13)', () => {
  it('lists who chose a subject, removes a student’s elective with auto-assign or reopen, and reopens a teacher', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, {
      subject_choices: [slugOf(ce, '350701'), slugOf(ce, '350711')],
    });
    await as(t, w.teacherB.profile, 'POST', TEACHER_SAVE, { subject_choices: [slugOf(ce, '350711')] });
    await studentSaves(w, 0, [slugOf(ce, '350711'), slugOf(ce, '350721')]);
    await studentSaves(w, 1, [slugOf(ce, '350712'), slugOf(ce, '350721')]);
    at(t.clock, '2026-11-21T10:00:00');

    const teachers = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_teachers_for_the_subject/${slugOf(ce, '350711')}`,
    );
    expect(teachers.status).toBe(200);
    expect(
      teachers.body.data.map((r: any) => [
        r.profile.name,
        r.priority,
        r.finalized_choises.map((s: any) => s.subject_code),
      ]),
    ).toEqual([
      ['Bharat Teacher', 1, ['350711']],
      ['Asha Teacher', 2, ['350701', '350711']],
    ]);

    const students = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_students_for_the_subject/${slugOf(ce, '350721')}`,
    );
    expect(students.body.data).toHaveLength(2);
    expect(students.body.data[0]).toMatchObject({
      choices_locked: true,
      removal_closed_reason: null,
      profile: { enrollment: '26071', profile: { name: 'Aarav Patel', role: 'student' } },
    });

    // Open electives have two subjects: removing one assigns the other.
    const row0 = students.body.data[0];
    const auto = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choice_for_student/', {
      subject_slug: slugOf(ce, '350721'),
      subject_choices_slug: row0.slug,
    });
    expect(auto.status).toBe(200);
    expect(auto.body.data).toMatchObject({
      subject_delete: true,
      choice_locked: true,
      subject: { subject_code: '350722' },
    });
    const resetAlert = (await alertsOf(t.db, w.students[0]!.profile.id)).at(-1)!;
    expect(resetAlert.type).toBe('subject_choice_reset_alert');
    expect(resetAlert.message).toMatch(/Disaster Management has been allocated/);

    // Professional electives have three: removing one reopens the choice after the deadline.
    const reopen = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choice_for_student/', {
      subject_slug: slugOf(ce, '350711'),
      subject_choices_slug: row0.slug,
    });
    expect(reopen.body.data).toEqual({ subject_delete: true, choice_locked: false, subject: null });
    const deletion = (await alertsOf(t.db, w.students[0]!.profile.id)).at(-1)!;
    expect(deletion.type).toBe('subject_deletion_alert');
    expect(deletion.message).toContain('subject_choice_url');
    const reopened = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    expect(reopened.body.data.choices_locked).toBe(false);
    const pro = reopened.body.data.available_choices.find(
      (c: any) => c.category === 'Professional Elective Course',
    );
    expect(pro.subjects.map((s: any) => s.subject_code)).toEqual(['350712', '350713']);
    // The reopened student chooses again after the deadline; saving freezes at once.
    const again = await studentSaves(w, 0, [slugOf(ce, '350713'), slugOf(ce, '350722')]);
    expect(again.body.data).toMatchObject({ choices_saved: true, choices_locked: true });
    const missing = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choice_for_student/', {
      subject_slug: slugOf(ce, '350711'),
      subject_choices_slug: row0.slug,
    });
    expect(missing.status).toBe(409);
    expect(await auditEntries(t.db, 'choices.student_subject_removed')).toHaveLength(2);

    const map = await as(t, w.admin, 'GET', '/api/manage/get_all_subjects_of_teacher');
    const asha = map.body.data.find((e: any) => e.teacher.profile.name === 'Asha Teacher');
    expect(asha.selected_subjects).toEqual([
      {
        stream_name: `BE Computer Engineering - Semester 5 | ${w.ceSem5.slug}`,
        choices_locked: true,
        subjects: [
          { subject_name: 'Analysis of Algorithms', sem_year: 5, subject_code: '350701', ordering: 1 },
          { subject_name: 'Machine Learning', sem_year: 5, subject_code: '350711', ordering: 2 },
        ],
      },
    ]);
    expect(map.body.data.every((e: any) => e.teacher.profile.name !== 'Isha Teacher')).toBe(true);

    const unlock = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choices_for_teacher/', {
      teacher_slug: w.teacherA.teacher.slug,
    });
    expect(unlock.body.data).toEqual({ choices_unlocked: true });
    expect((await alertsOf(t.db, w.teacherA.profile.id)).at(-1)!.type).toBe('subject_choice_reset_alert');
    const teacherView = await as(t, w.teacherA.profile, 'GET', TEACHER_VIEW);
    expect(teacherView.body.data.subject_choices).toMatchObject({
      choices_saved: false,
      choices_locked: false,
    });
    const twice = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choices_for_teacher/', {
      teacher_slug: w.teacherA.teacher.slug,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/no saved subject choices/);
    expect(
      (
        await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choices_for_teacher/', {
          teacher_slug: w.itTeacher.teacher.slug,
        })
      ).status,
    ).toBe(404);
  });

  it('exports the three spreadsheets as real .xlsx files with bold headers', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    await as(t, w.teacherA.profile, 'POST', TEACHER_SAVE, {
      subject_choices: [slugOf(ce, '350711'), slugOf(ce, '350701')],
    });
    await studentSaves(w, 2, [slugOf(ce, '350712'), slugOf(ce, '350722')]);

    const t2s = await as(t, w.admin, 'GET', '/api/manage/get_teacher_to_subject_excel');
    expect(t2s.body.data.file_name).toBe('teacher_to_subject_map.xlsx');
    const teacherSheet = await openSheet(t2s.body.data.file_content);
    expect(teacherSheet.sheet.getRow(1).font?.bold).toBe(true);
    expect(teacherSheet.rows[0]).toEqual([
      'Teacher',
      'Teacher code',
      'Email',
      'Priority',
      'Subject code',
      'Subject',
      'Semester',
      'Status',
    ]);
    expect(teacherSheet.rows.filter((r) => r[0] === 'Asha Teacher').map((r) => [r[3], r[4], r[7]])).toEqual([
      [1, '350711', 'Saved'],
      [2, '350701', 'Saved'],
    ]);
    expect(teacherSheet.rows.find((r) => r[0] === 'Bharat Teacher')!.at(-1)).toBe('No choices saved');

    const s2t = await as(t, w.admin, 'GET', '/api/manage/get_subject_to_teacher_excel');
    expect(s2t.body.data.file_name).toBe('subject_to_teacher_map.xlsx');
    const subjectSheet = await openSheet(s2t.body.data.file_content);
    const mlRow = subjectSheet.rows.find((r) => r[1] === '350711')!;
    expect(mlRow.slice(3)).toEqual([
      'Professional Elective Course',
      'Technical',
      1,
      'Asha Teacher (AT, priority 1)',
    ]);
    expect(subjectSheet.rows).toHaveLength(9);

    const s2s = await as(t, w.admin, 'GET', `/api/manage/get_student_to_subject_excel/${w.ceSem5.slug}`);
    expect(s2s.body.data.file_name).toBe('student_to_subject_map_semester_5.xlsx');
    const studentSheet = await openSheet(s2s.body.data.file_content);
    expect(studentSheet.rows[0]).toEqual([
      'Enrollment',
      'Student',
      'Email',
      'Open Elective Course',
      'Professional Elective Course',
      'Status',
    ]);
    expect(studentSheet.rows.slice(1).map((r) => [r[0], r[3] ?? null, r[4] ?? null, r[5]])).toEqual([
      ['26071', null, null, 'Not chosen'],
      ['26072', null, null, 'Not chosen'],
      ['26073', 'Disaster Management (350722)', 'Cloud Computing (350712)', 'Saved'],
    ]);
  });

  it('answers 404 for other branches’ and institutions’ slugs and 403 for other roles', async () => {
    const w = await buildSubjectsWorld(t.db);
    const it = await lockItSem5(t, w);
    const itSubject = it[0]!.slug;
    const admin404: [string, string, unknown?][] = [
      ['GET', `/api/manage/get_teachers_for_the_subject/${itSubject}`],
      ['GET', `/api/manage/get_students_for_the_subject/${itSubject}`],
      ['GET', `/api/manage/get_student_to_subject_excel/${w.itSem5.slug}`],
      ['GET', `/api/manage/get_student_to_subject_excel/${w.other.semester.slug}`],
      [
        'POST',
        '/api/manage/unlock_subject_choice_for_student/',
        { subject_slug: itSubject, subject_choices_slug: 'abc' },
      ],
      [
        'POST',
        '/api/manage/unlock_subject_choices_for_teacher/',
        { teacher_slug: w.other.teacher.teacher.slug },
      ],
    ];
    for (const [method, url, body] of admin404) {
      const res = await as(t, w.admin, method as 'GET' | 'POST', url, body);
      expect(res.status, url).toBe(404);
      expect(res.body.data).toBeNull();
    }
    const adminOnly: [string, string, unknown?][] = [
      ['GET', `/api/manage/get_teachers_for_the_subject/${itSubject}`],
      ['GET', `/api/manage/get_students_for_the_subject/${itSubject}`],
      ['GET', '/api/manage/get_all_subjects_of_teacher'],
      ['GET', '/api/manage/get_teacher_to_subject_excel'],
      ['GET', '/api/manage/get_subject_to_teacher_excel'],
      ['GET', `/api/manage/get_student_to_subject_excel/${w.itSem5.slug}`],
      [
        'POST',
        '/api/manage/unlock_subject_choice_for_student/',
        { subject_slug: itSubject, subject_choices_slug: 'abc' },
      ],
      ['POST', '/api/manage/unlock_subject_choices_for_teacher/', { teacher_slug: 'abc' }],
    ];
    for (const [method, url, body] of adminOnly) {
      expect((await as(t, w.itTeacher.profile, method as 'GET' | 'POST', url, body)).status, url).toBe(403);
      expect((await as(t, w.itStudent.profile, method as 'GET' | 'POST', url, body)).status, url).toBe(403);
    }
    // Another institution's admin sees none of it either.
    const outsider = await as(t, w.other.admin, 'GET', '/api/manage/get_all_subjects_of_teacher');
    expect(outsider.body.data.map((e: any) => e.teacher.slug)).toEqual([w.other.teacher.teacher.slug]);
  });
});

describe('once the divisions of a semester exist', () => {
  it('refuses to unlock it, extend its deadline or remove a student’s elective, changing nothing', async () => {
    const w = await buildSubjectsWorld(t.db);
    const ce = await lockCeSem5(t, w);
    await studentSaves(w, 0, [slugOf(ce, '350711'), slugOf(ce, '350721')]);
    at(t.clock, '2026-11-21T10:00:00');
    await t.db.update(semesters).set({ divisionsCreated: true }).where(eq(semesters.id, w.ceSem5.id));
    const [before] = await t.db.select().from(semesters).where(eq(semesters.id, w.ceSem5.id));
    const choicesBefore = await t.db
      .select()
      .from(subjectChoices)
      .where(eq(subjectChoices.semesterId, w.ceSem5.id));

    const unlock = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choices/', {
      semester_slug: w.ceSem5.slug,
    });
    expect(unlock.status).toBe(409);
    expect(unlock.body.message).toBe(
      "The subject selection of BE Computer Engineering - Semester 5 cannot be unlocked: the divisions of BE Computer Engineering - Semester 5 are already created from the students' choices",
    );
    const extend = await as(t, w.admin, 'POST', '/api/manage/extend_subject_choice_deadline/', {
      semester_slug: w.ceSem5.slug,
      new_deadline_timestamp: seconds('2026-11-30'),
    });
    expect(extend.status).toBe(409);
    expect(extend.body.message).toMatch(
      /deadline of .* cannot be extended: the divisions of .* are already created/,
    );
    const row0 = (
      await as(t, w.admin, 'GET', `/api/manage/get_students_for_the_subject/${slugOf(ce, '350721')}`)
    ).body.data[0];
    // The list already says so, so the page offers no delete that would be refused.
    expect(row0.removal_closed_reason).toBe(
      "Choices can no longer be removed: the divisions of BE Computer Engineering - Semester 5 are already created from the students' choices",
    );
    const remove = await as(t, w.admin, 'POST', '/api/manage/unlock_subject_choice_for_student/', {
      subject_slug: slugOf(ce, '350721'),
      subject_choices_slug: row0.slug,
    });
    expect(remove.status).toBe(409);
    expect(remove.body.message).toMatch(/cannot be removed from the choices of Aarav Patel: the divisions/);

    const [after] = await t.db.select().from(semesters).where(eq(semesters.id, w.ceSem5.id));
    expect(after).toEqual(before);
    expect(
      await t.db.select().from(subjectChoices).where(eq(subjectChoices.semesterId, w.ceSem5.id)),
    ).toEqual(choicesBefore);

    // A record the admin reopened earlier stays frozen too: the student can neither save nor unsave.
    const record = choicesBefore.find((r) => r.profileId === w.students[0]!.profile.id)!;
    await t.db
      .update(subjectChoices)
      .set({ choicesLocked: false, reopenedAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(subjectChoices.id, record.id));
    const view = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    for (const [url, body] of [
      [
        STUDENT_SAVE,
        {
          subject_choices_slug: view.body.data.slug,
          subject_choices: [slugOf(ce, '350712'), slugOf(ce, '350721')],
        },
      ],
      [STUDENT_UNSAVE, { subject_choices_slug: view.body.data.slug }],
    ] as const) {
      const res = await as(t, w.students[0]!.profile, 'POST', url, body);
      expect(res.status, url).toBe(409);
      expect(res.body.message).toBe(
        'Subject choices for BE Computer Engineering - Semester 5 are closed: its divisions were already created from the choices',
      );
    }
    // The view gives the same reason, for the page to show.
    const closed = await as(t, w.students[0]!.profile, 'GET', STUDENT_VIEW);
    expect(closed.body.data.closed_reason).toBe(
      'Subject choices for BE Computer Engineering - Semester 5 are closed: its divisions were already created from the choices',
    );
  });
});
