import { describe, expect, it } from 'vitest';
import { ROUTES_TABLE, allocationExtensionRoutes, type RouteDef } from '@rollbook/contract';
import { buildAdmin, buildStudent, buildTeacher } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { tokenFor } from '../testing/tokens';

const t = useTestApp();

// POST calls whose contract body is empty, or optional: a client may send nothing at all.
const BODYLESS = [...ROUTES_TABLE, ...(Object.values(allocationExtensionRoutes) as RouteDef[])].filter(
  (route) =>
    route.method === 'POST' &&
    (route.bodyKind === 'none' || (route.bodyKind === 'json' && route.body?.safeParse(undefined).success)),
);

// What HTTP libraries put on an empty POST: the original web client sends the form type.
const LABELS = [
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=UTF-8',
  'text/plain;charset=UTF-8',
  'application/octet-stream',
  'application/json',
  'application/xml',
];

async function tokens() {
  const admin = await buildAdmin(t.db);
  const teacher = await buildTeacher(t.db, { institutionId: admin.profile.institutionId });
  const student = await buildStudent(t.db, { institutionId: admin.profile.institutionId });
  return {
    admin: await tokenFor(t.app, admin.profile),
    teacher: await tokenFor(t.app, teacher.profile),
    student: await tokenFor(t.app, student.profile),
  };
}

describe('an empty POST body', () => {
  it('covers the calls the contract lists as bodiless', () => {
    expect(BODYLESS.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/manage/alerts/mark_all_as_read/',
        '/manage/unsave_subject_choices_for_teacher/',
        '/manage/rest_subject_allocation_context/',
      ]),
    );
  });

  it('is accepted under any content type by every call whose body is empty or optional', async () => {
    const byRole = await tokens();
    const answers: Array<{ path: string; label: string; status: number }> = [];
    for (const route of BODYLESS) {
      for (const label of LABELS) {
        const role = route.roles[0] ?? 'student';
        const res = await t.app.inject({
          method: 'POST',
          url: `/api${route.path}`,
          headers: { authorization: `Bearer ${byRole[role]}`, 'content-type': label },
          payload: '',
        });
        answers.push({ path: route.path, label, status: res.statusCode });
      }
    }
    // Whatever the call then answers for its own reasons, never "unsupported type" or "bad body".
    expect(answers.filter((a) => a.status === 415 || a.status === 400 || a.status >= 500)).toEqual([]);
  });

  it('lets the original client mark all notifications read', async () => {
    const { student } = await tokens();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manage/alerts/mark_all_as_read/',
      headers: { authorization: `Bearer ${student}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: false });
  });

  it('still refuses a non-empty body of a type the server does not read, with the error envelope', async () => {
    const { student } = await tokens();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api/login/',
      headers: { authorization: `Bearer ${student}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co&password=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ data: null, error: true, code: 'unsupported_media_type' });
  });
});
