import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { electiveCategories, offeredSubjects, semesters, subjectChoices } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { createNotificationService } from '../../domain/notifications';
import { sendDeadlineReminders } from './deadline-reminders';
import {
  alertsOf,
  as,
  at,
  auditEntries,
  buildSubjectsWorld,
  lockCeSem5,
  seconds,
} from '../../testing/choices-fixture';

const t = useTestApp();
const LOCK = '/api/manage/add_subjects_to_semester/';
const UNLOCK = '/api/manage/unlock_subject_choices/';
const EXTEND = '/api/manage/extend_subject_choice_deadline/';

async function semesterRow(id: number) {
  const [row] = await t.db.select().from(semesters).where(eq(semesters.id, id));
  return row!;
}

describe('locking subjects (add_subjects_to_semester/)', () => {
  it('offers the subjects, groups electives, opens a record per teacher and student, alerts them and audits', async () => {
    const w = await buildSubjectsWorld(t.db);
    const data = await lockCeSem5(t, w, { nonTech: ['350731', '350721'] });

    expect(data.map((s) => s.subject_code)).toEqual(Object.keys(w.ceCatalogue));
    const offered = await t.db
      .select()
      .from(offeredSubjects)
      .where(eq(offeredSubjects.semesterId, w.ceSem5.id));
    expect(offered).toHaveLength(8);
    // Offered subjects carry their own slugs, distinct from catalogue slugs.
    expect(data.map((s) => s.slug).sort()).toEqual(offered.map((o) => o.slug).sort());
    const byCode = new Map(data.map((s) => [s.subject_code, s]));
    expect(byCode.get('350711')!.is_elective).toBe(true);
    // An elective without an alternative in the selection is taught to everyone.
    expect(byCode.get('350731')!.is_elective).toBe(false);
    expect(byCode.get('350701')!.is_elective).toBe(false);
    expect(offered.filter((o) => !o.isTechnical)).toHaveLength(2);

    const categories = await t.db
      .select()
      .from(electiveCategories)
      .where(eq(electiveCategories.semesterId, w.ceSem5.id));
    expect(categories.map((c) => c.category).sort()).toEqual([
      'Open Elective Course',
      'Professional Elective Course',
    ]);

    const records = await t.db
      .select()
      .from(subjectChoices)
      .where(eq(subjectChoices.semesterId, w.ceSem5.id));
    expect(
      records
        .filter((r) => r.kind === 'teacher')
        .map((r) => r.profileId)
        .sort(),
    ).toEqual([w.teacherA.profile.id, w.teacherB.profile.id].sort());
    expect(records.filter((r) => r.kind === 'student')).toHaveLength(3);

    const [teacherAlert] = await alertsOf(t.db, w.teacherA.profile.id);
    expect(teacherAlert).toMatchObject({ type: 'subject_choice_alert', semesterId: w.ceSem5.id });
    expect(teacherAlert!.message).toContain('subject_choice_url');
    expect(teacherAlert!.message).toContain('20 Nov 2026');
    const [studentAlert] = await alertsOf(t.db, w.students[0]!.profile.id);
    expect(studentAlert!.message).toContain('one subject from each elective category');
    // Nobody outside the branch or semester hears about it.
    expect(await alertsOf(t.db, w.itTeacher.profile.id)).toHaveLength(0);
    expect(await alertsOf(t.db, w.itStudent.profile.id)).toHaveLength(0);

    const sem = await semesterRow(w.ceSem5.id);
    expect(sem).toMatchObject({ subjectsLocked: true, subjectChoiceDeadline: '2026-11-20' });
    const [entry] = await auditEntries(t.db, 'subjects.lock');
    expect(entry).toMatchObject({ actorProfileId: w.admin.id, entitySlug: w.ceSem5.slug });
  });

  it('accepts a deadline of today (choices close at the end of the day) and reads the date in Kolkata', async () => {
    const w = await buildSubjectsWorld(t.db);
    at(t.clock, '2026-11-02T23:30:00');
    // 2026-11-01T18:30Z is midnight of 2 Nov in Kolkata (a browser there sends this).
    const res = await as(t, w.admin, 'POST', LOCK, {
      semester_slug: w.ceSem5.slug,
      subject_slugs: [w.ceCatalogue['350701']!.slug],
      deadline_timestamp: Date.parse('2026-11-01T18:30:00Z') / 1000,
      non_tech_subjects: [],
    });
    expect(res.status).toBe(200);
    expect((await semesterRow(w.ceSem5.id)).subjectChoiceDeadline).toBe('2026-11-02');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const w = await buildSubjectsWorld(t.db);
    const base = {
      semester_slug: w.ceSem5.slug,
      deadline_timestamp: seconds('2026-11-20'),
      non_tech_subjects: [],
    };
    const cases: [unknown, number, RegExp][] = [
      [{ ...base, subject_slugs: [] }, 400, /subject_slugs must contain at least 1/],
      [
        {
          ...base,
          subject_slugs: [w.ceCatalogue['350701']!.slug],
          deadline_timestamp: seconds('2026-11-01'),
        },
        400,
        /in the past/,
      ],
      [
        { ...base, subject_slugs: [w.ceCatalogue['350701']!.slug], deadline_timestamp: null },
        400,
        /choose a deadline/,
      ],
      [
        { ...base, subject_slugs: [w.itCatalogue['351601']!.slug] },
        400,
        /Operating Systems \(351601\) is not a subject of BE Computer Engineering - Semester 5/,
      ],
      [{ ...base, subject_slugs: [w.other.catalogue['350701']!.slug] }, 404, /^Subject not found$/],
      [
        { ...base, subject_slugs: [w.ceCatalogue['350701']!.slug, w.ceOld['350701']!.slug] },
        400,
        /selected more than once/,
      ],
      [
        { ...base, subject_slugs: [w.ceCatalogue['350701']!.slug, w.ceCatalogue['350701']!.slug] },
        400,
        /only once/,
      ],
      [
        {
          ...base,
          subject_slugs: [w.ceCatalogue['350701']!.slug],
          non_tech_subjects: [w.ceCatalogue['350702']!.slug],
        },
        400,
        /non_tech_subjects must only contain selected subjects/,
      ],
      [
        { ...base, semester_slug: w.other.semester.slug, subject_slugs: [w.ceCatalogue['350701']!.slug] },
        404,
        /^Semester not found$/,
      ],
      [
        { ...base, semester_slug: w.itSem5.slug, subject_slugs: [w.itCatalogue['351601']!.slug] },
        404,
        /^Semester not found$/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await as(t, w.admin, 'POST', LOCK, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await t.db.select().from(offeredSubjects)).toHaveLength(0);
    expect(await t.db.select().from(subjectChoices)).toHaveLength(0);
    expect((await semesterRow(w.ceSem5.id)).subjectsLocked).toBe(false);
    expect(await auditEntries(t.db, 'subjects.lock')).toHaveLength(0);
  });

  it('answers 403 to teachers and students and 401 without a token', async () => {
    const w = await buildSubjectsWorld(t.db);
    const bodies: [string, unknown][] = [
      [
        LOCK,
        {
          semester_slug: w.ceSem5.slug,
          subject_slugs: [w.ceCatalogue['350701']!.slug],
          deadline_timestamp: seconds('2026-11-20'),
          non_tech_subjects: [],
        },
      ],
      [UNLOCK, { semester_slug: w.ceSem5.slug }],
      [EXTEND, { semester_slug: w.ceSem5.slug, new_deadline_timestamp: seconds('2026-11-20') }],
    ];
    for (const [url, body] of bodies) {
      expect((await as(t, w.teacherA.profile, 'POST', url, body)).status).toBe(403);
      expect((await as(t, w.students[0]!.profile, 'POST', url, body)).status).toBe(403);
      expect((await as(t, null, 'POST', url, body)).status).toBe(401);
    }
  });

  it('refuses to lock an already locked semester', async () => {
    const w = await buildSubjectsWorld(t.db);
    await lockCeSem5(t, w);
    const res = await as(t, w.admin, 'POST', LOCK, {
      semester_slug: w.ceSem5.slug,
      subject_slugs: [w.ceCatalogue['350701']!.slug],
      deadline_timestamp: seconds('2026-11-25'),
      non_tech_subjects: [],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already locked/);
    expect(await t.db.select().from(offeredSubjects)).toHaveLength(8);
  });
});

describe('unlocking and re-locking', () => {
  it('unlocks only after the deadline, then a new selection reopens the choices that lost a subject', async () => {
    const w = await buildSubjectsWorld(t.db);
    const offered = await lockCeSem5(t, w);
    const slug = (code: string) => offered.find((s) => s.subject_code === code)!.slug;

    const early = await as(t, w.admin, 'POST', UNLOCK, { semester_slug: w.ceSem5.slug });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/only after the deadline \(20 Nov 2026\)/);

    // Teacher A saves Cloud Computing first; student 0 saves electives.
    expect(
      (
        await as(t, w.teacherA.profile, 'POST', '/api/manage/mark_subject_choices_of_teacher/', {
          subject_choices: [slug('350712'), slug('350701')],
        })
      ).status,
    ).toBe(200);
    const studentView = await as(
      t,
      w.students[0]!.profile,
      'GET',
      '/api/manage/get_students_subject_choices',
    );
    expect(
      (
        await as(t, w.students[0]!.profile, 'POST', '/api/manage/mark_subject_choices_of_student/', {
          subject_choices_slug: studentView.body.data.slug,
          subject_choices: [slug('350712'), slug('350721')],
        })
      ).status,
    ).toBe(200);

    at(t.clock, '2026-11-21T00:00:01');
    const res = await as(t, w.admin, 'POST', UNLOCK, { semester_slug: w.ceSem5.slug });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(true);
    expect((await semesterRow(w.ceSem5.id)).subjectsLocked).toBe(false);
    expect(await auditEntries(t.db, 'subjects.unlock')).toHaveLength(1);
    const again = await as(t, w.admin, 'POST', UNLOCK, { semester_slug: w.ceSem5.slug });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already unlocked/);

    // Drop Cloud Computing, keep the rest (by their offered slugs), add nothing new.
    const keep = offered.filter((s) => s.subject_code !== '350712').map((s) => s.slug);
    const relock = await as(t, w.admin, 'POST', LOCK, {
      semester_slug: w.ceSem5.slug,
      subject_slugs: keep,
      deadline_timestamp: seconds('2026-11-30'),
      non_tech_subjects: [],
    });
    expect(relock.status).toBe(200);
    expect(relock.body.data.map((s: any) => s.slug)).toEqual(keep);

    const records = await t.db
      .select()
      .from(subjectChoices)
      .where(eq(subjectChoices.semesterId, w.ceSem5.id));
    expect(records.find((r) => r.profileId === w.teacherA.profile.id)!.choicesSaved).toBe(false);
    expect(records.find((r) => r.profileId === w.students[0]!.profile.id)!.choicesSaved).toBe(false);
    const deletion = (await alertsOf(t.db, w.teacherA.profile.id)).at(-1)!;
    expect(deletion.type).toBe('subject_deletion_alert');
    expect(deletion.message).toMatch(/Cloud Computing was removed/);
    expect((await alertsOf(t.db, w.teacherB.profile.id)).at(-1)!.type).toBe('subject_choice_alert');
  });
});

describe('extending the deadline', () => {
  it('refuses past dates and earlier dates, then extends, reopens and alerts those who have not saved', async () => {
    const w = await buildSubjectsWorld(t.db);
    const offered = await lockCeSem5(t, w);
    await as(t, w.teacherA.profile, 'POST', '/api/manage/mark_subject_choices_of_teacher/', {
      subject_choices: [offered[0]!.slug],
    });
    at(t.clock, '2026-11-22T10:00:00');
    const view = await as(t, w.admin, 'GET', `/api/manage/get_semesters_from_stream/${w.ceBE.slug}`);
    expect(view.body.data.find((s: any) => s.slug === w.ceSem5.slug).deadline_reached).toBe(true);

    const past = await as(t, w.admin, 'POST', EXTEND, {
      semester_slug: w.ceSem5.slug,
      new_deadline_timestamp: seconds('2026-11-21'),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/in the past/);
    const missing = await as(t, w.admin, 'POST', EXTEND, { semester_slug: w.ceSem5.slug });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/new_deadline_timestamp is required/);
    expect(
      (
        await as(t, w.admin, 'POST', EXTEND, {
          semester_slug: w.other.semester.slug,
          new_deadline_timestamp: seconds('2026-11-30'),
        })
      ).status,
    ).toBe(404);

    const res = await as(t, w.admin, 'POST', EXTEND, {
      semester_slug: w.ceSem5.slug,
      new_deadline_timestamp: seconds('2026-11-30'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ is_changed: true, deadline_timestamp: '2026-11-30' });
    const after = await as(t, w.admin, 'GET', `/api/manage/get_semesters_from_stream/${w.ceBE.slug}`);
    expect(after.body.data.find((s: any) => s.slug === w.ceSem5.slug)).toMatchObject({
      deadline_reached: false,
      subject_choice_deadline: '2026-11-30',
    });
    expect((await alertsOf(t.db, w.teacherB.profile.id)).at(-1)).toMatchObject({
      type: 'subject_choice_deadline_alert',
    });
    expect((await alertsOf(t.db, w.teacherA.profile.id)).at(-1)!.type).toBe('subject_choice_alert');
    expect(await auditEntries(t.db, 'subjects.extend_deadline')).toHaveLength(1);

    const earlier = await as(t, w.admin, 'POST', EXTEND, {
      semester_slug: w.ceSem5.slug,
      new_deadline_timestamp: seconds('2026-11-25'),
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.message).toMatch(/later than the current one \(30 Nov 2026\)/);
  });

  it('refuses to extend a semester whose subjects are not locked', async () => {
    const w = await buildSubjectsWorld(t.db);
    const res = await as(t, w.admin, 'POST', EXTEND, {
      semester_slug: w.ceSem5.slug,
      new_deadline_timestamp: seconds('2026-11-30'),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not locked/);
  });
});

describe('deadline-day reminders', () => {
  it('alerts on the deadline day only those who have not saved, once', async () => {
    const w = await buildSubjectsWorld(t.db);
    const offered = await lockCeSem5(t, w);
    await as(t, w.teacherA.profile, 'POST', '/api/manage/mark_subject_choices_of_teacher/', {
      subject_choices: [offered[0]!.slug],
    });
    const deps = { db: t.db, clock: t.clock, notifier: (db: typeof t.db) => createNotificationService(db) };

    at(t.clock, '2026-11-19T08:00:00');
    expect(await sendDeadlineReminders(deps)).toBe(0);
    at(t.clock, '2026-11-20T08:00:00');
    // Teacher B and the three students have not saved.
    expect(await sendDeadlineReminders(deps)).toBe(4);
    expect(await sendDeadlineReminders(deps)).toBe(0);
    expect((await alertsOf(t.db, w.teacherB.profile.id)).at(-1)).toMatchObject({
      type: 'subject_choice_deadline_alert',
    });
    expect(
      (await alertsOf(t.db, w.teacherA.profile.id)).every((a) => a.type !== 'subject_choice_deadline_alert'),
    ).toBe(true);
    expect((await semesterRow(w.ceSem5.id)).deadlineReminderSentOn).toBe('2026-11-20');
  });
});
