import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { as, at, buildSubjectsWorld, lockCeSem5 } from '../../testing/choices-fixture';

const t = useTestApp();

describe('catalogue calls for admins', () => {
  it('lists only the streams of the admin’s branches', async () => {
    const w = await buildSubjectsWorld(t.db);
    const res = await as(t, w.admin, 'GET', '/api/manage/get_streams');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        slug: w.ceBE.slug,
        title: 'BE',
        stream_code: '07',
        branch: { branch_name: 'Computer Engineering', slug: w.ce.slug },
      },
    ]);
    const it = await as(t, w.itAdmin, 'GET', '/api/manage/get_streams');
    expect(it.body.data.map((s: any) => s.slug)).toEqual([w.itBE.slug]);
  });

  it('shows semesters with subjects null before locking, the catalogue years, and the locked state after', async () => {
    const w = await buildSubjectsWorld(t.db);
    const url = `/api/manage/get_semesters_from_stream/${w.ceBE.slug}`;
    const before = await as(t, w.admin, 'GET', url);
    expect(before.status).toBe(200);
    const sem5 = before.body.data.find((s: any) => s.slug === w.ceSem5.slug);
    expect(sem5).toMatchObject({
      no: 5,
      subjects: null,
      subjects_locked: false,
      deadline_reached: null,
      subject_choice_deadline: null,
      years: ['2025-26', '2026-27'],
      stream: { slug: w.ceBE.slug, title: 'BE' },
    });
    expect(before.body.data.map((s: any) => s.no)).toEqual([5, 7]);
    expect(before.body.data.find((s: any) => s.no === 7).years).toEqual([]);

    await lockCeSem5(t, w, { codes: ['350701', '350711', '350712'] });
    const after = (await as(t, w.admin, 'GET', url)).body.data.find((s: any) => s.slug === w.ceSem5.slug);
    expect(after).toMatchObject({
      subjects_locked: true,
      deadline_reached: false,
      subject_choice_deadline: '2026-11-20',
    });
    expect(after.subjects.map((s: any) => s.subject_code)).toEqual(['350701', '350711', '350712']);
    expect(after.subjects[0]).toMatchObject({
      acedemic_year: '2026-27',
      L: 3,
      credit: 4,
      is_technical: true,
      ordering: 1,
    });

    at(t.clock, '2026-11-21T00:00:00');
    const late = (await as(t, w.admin, 'GET', url)).body.data.find((s: any) => s.slug === w.ceSem5.slug);
    expect(late.deadline_reached).toBe(true);
    const short = await as(t, w.admin, 'GET', `/api/manage/get_semesters_only_from_stream/${w.ceBE.slug}`);
    expect(short.body.data.find((s: any) => s.slug === w.ceSem5.slug)).toEqual({
      slug: w.ceSem5.slug,
      no: 5,
      status: true,
      subjects_locked: true,
      deadline_reached: true,
    });
  });

  it('lists a semester’s catalogue for one academic year, and nothing for a year without one', async () => {
    const w = await buildSubjectsWorld(t.db);
    const res = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_subjects_from_acedemic_year/${w.ceSem5.slug}/2025-26`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: any) => [s.slug, s.subject_code])).toEqual([
      [w.ceOld['350701']!.slug, '350701'],
      [w.ceOld['350702']!.slug, '350702'],
    ]);
    const none = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_subjects_from_acedemic_year/${w.ceSem5.slug}/2019-20`,
    );
    expect(none.body.data).toEqual([]);
    const bad = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_subjects_from_acedemic_year/${w.ceSem5.slug}/latest`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/academic year such as 2023-24/);
    const years = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_accedmic_years_of_subjects_by_semester/${w.ceSem5.slug}`,
    );
    expect(years.body.data).toEqual(['2025-26', '2026-27']);
  });

  it('lists the elective categories of a locked semester', async () => {
    const w = await buildSubjectsWorld(t.db);
    const offered = await lockCeSem5(t, w);
    const res = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_complementry_subject_from_semester/${w.ceSem5.slug}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: any) => [c.category, c.subjects.map((s: any) => s.subject_code)])).toEqual([
      ['Open Elective Course', ['350721', '350722']],
      ['Professional Elective Course', ['350711', '350712', '350713']],
    ]);
    expect(res.body.data[1].subjects[0].slug).toBe(offered.find((s) => s.subject_code === '350711')!.slug);
    const empty = await as(
      t,
      w.admin,
      'GET',
      `/api/manage/get_complementry_subject_from_semester/${w.ceSem7.slug}`,
    );
    expect(empty.body.data).toEqual([]);
  });

  it('answers 404 for another branch’s or institution’s slugs and 403 for other roles', async () => {
    const w = await buildSubjectsWorld(t.db);
    const urls = (stream: string, semester: string) => [
      `/api/manage/get_semesters_from_stream/${stream}`,
      `/api/manage/get_semesters_only_from_stream/${stream}`,
      `/api/manage/get_subjects_from_acedemic_year/${semester}/2026-27`,
      `/api/manage/get_complementry_subject_from_semester/${semester}`,
      `/api/manage/get_accedmic_years_of_subjects_by_semester/${semester}`,
    ];
    for (const url of [
      ...urls(w.other.stream.slug, w.other.semester.slug),
      ...urls(w.itBE.slug, w.itSem5.slug),
    ]) {
      const res = await as(t, w.admin, 'GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toMatch(/^(Stream|Semester) not found$/);
      expect(res.body.data).toBeNull();
    }
    for (const url of ['/api/manage/get_streams', ...urls(w.ceBE.slug, w.ceSem5.slug)]) {
      expect((await as(t, w.teacherA.profile, 'GET', url)).status, url).toBe(403);
      expect((await as(t, w.students[0]!.profile, 'GET', url)).status, url).toBe(403);
      expect((await as(t, null, 'GET', url)).status, url).toBe(401);
    }
  });
});
