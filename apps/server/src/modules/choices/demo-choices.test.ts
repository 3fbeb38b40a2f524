import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { call, useTestApp } from '../../testing/test-app';

/**
 * What a first-time user of the demo meets on the choice pages (issue 18): the demo student's
 * semester has divisions, so its choices are closed and the page says why; the bell invites nobody
 * to a closed choice; the electives demo student and the demo teacher really can choose.
 */
describe('subject choices on a fresh demo', () => {
  const t = useTestApp();

  async function tokenOf(email: string): Promise<string> {
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/login/',
      body: { email, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    return login.body.access as string;
  }

  it('tells the demo student why the choices are closed and sends no invitation to them', async () => {
    await seedDemo(t.db, { now: t.clock.now() });
    const token = await tokenOf('student@rollbook.test');
    const view = await call(t.app, { method: 'GET', url: '/api/manage/get_students_subject_choices', token });
    expect(view.status).toBe(200);
    expect(view.body.data.choices_locked).toBe(true);
    expect(view.body.data.closed_reason).toMatch(/divisions were already created/);

    const alerts = await call(t.app, { method: 'GET', url: '/api/manage/alerts/get_alerts', token });
    expect(alerts.status).toBe(200);
    const messages = (alerts.body.data as { message: string }[]).map((a) => a.message);
    expect(messages.filter((m) => /open until|choose again|last day/.test(m))).toEqual([]);
  });

  it('lets the electives demo student save electives, and the demo teacher choose', async () => {
    await seedDemo(t.db, { now: t.clock.now() });
    const token = await tokenOf('student.me@rollbook.test');
    const view = await call(t.app, { method: 'GET', url: '/api/manage/get_students_subject_choices', token });
    expect(view.body.data).toMatchObject({ choices_locked: false, closed_reason: null });
    const picks = (view.body.data.available_choices as { subjects: { slug: string }[] }[]).map(
      (c) => c.subjects[0]!.slug,
    );
    expect(picks.length).toBeGreaterThan(0);
    const alerts = await call(t.app, { method: 'GET', url: '/api/manage/alerts/get_alerts', token });
    expect((alerts.body.data as { message: string }[]).some((a) => /open until/.test(a.message))).toBe(true);
    const saved = await call(t.app, {
      method: 'POST',
      url: '/api/manage/mark_subject_choices_of_student/',
      token,
      body: { subject_choices_slug: view.body.data.slug, subject_choices: picks },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.choices_saved).toBe(true);

    const teacher = await tokenOf('teacher@rollbook.test');
    const own = await call(t.app, {
      method: 'GET',
      url: '/api/manage/get_teachers_subject_choices',
      token: teacher,
    });
    expect(own.body.data.subject_choices.choices_locked).toBe(false);
    expect(own.body.data.closed_reason).toBeNull();
    expect(own.body.data.subject_choices.available_subjects.length).toBeGreaterThan(0);
  });
});
