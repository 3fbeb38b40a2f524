import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { call, useTestApp } from '../../testing/test-app';

describe('the demo institution’s set-up pages', () => {
  const t = useTestApp();

  it('lets the demo registrar sign in and edit the settings, with the original syllabus links and rooms on campus', async () => {
    await seedDemo(t.db, { now: t.clock.now() });
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email: 'registrar@rollbook.test', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.body.access as string;

    const settings = await call(t.app, { method: 'GET', url: '/api/institution/settings', token });
    expect(settings.body.data).toMatchObject({
      editable: true,
      session_window_always_open: true,
      syllabus_url_template: 'https://s3-ap-southeast-1.amazonaws.com/gtusitecirculars/Syallbus/{code}.pdf',
    });

    // Every demo room lies within 100 m of the campus point (as the README says): none is flagged.
    const rooms = (await call(t.app, { method: 'GET', url: '/api/institution/classrooms', token })).body.data;
    expect(rooms.editable).toBe(true);
    expect(rooms.classrooms).toHaveLength(13);
    for (const room of rooms.classrooms) {
      expect(room.distance_m, room.name).toBeLessThanOrEqual(100);
      expect(room.far_from_campus).toBe(false);
    }

    // The branch admins of the demo read the same pages without editing them.
    const admin = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email: 'admin@rollbook.test', password: DEMO_PASSWORD },
    });
    const asAdmin = await call(t.app, {
      method: 'GET',
      url: '/api/institution/settings',
      token: admin.body.access as string,
    });
    expect(asAdmin.body.data.editable).toBe(false);
  });

  it('links each demo subject to the original bucket, as the original client did', async () => {
    await seedDemo(t.db, { now: t.clock.now() });
    const admin = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email: 'admin@rollbook.test', password: DEMO_PASSWORD },
    });
    const token = admin.body.access as string;
    const streams = (await call(t.app, { method: 'GET', url: '/api/manage/get_streams', token })).body.data;
    const semesters = (
      await call(t.app, {
        method: 'GET',
        url: `/api/manage/get_semesters_from_stream/${streams[0].slug}`,
        token,
      })
    ).body.data as { subjects: { subject_code: string; syllabus_url: string }[] | null }[];
    const subjects = semesters.flatMap((s) => s.subjects ?? []);
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) {
      expect(subject.syllabus_url).toBe(
        `https://s3-ap-southeast-1.amazonaws.com/gtusitecirculars/Syallbus/${subject.subject_code}.pdf`,
      );
    }
  });
});
