import { describe, expect, it } from 'vitest';
import { buildPath, ROUTES_TABLE, type RouteDef } from '@rollbook/contract';
import type { profiles } from '../db/schema';
import { buildAdmin, buildStudent, buildTeacher } from '../testing/factories';
import { call, useTestApp } from '../testing/test-app';
import { tokenFor } from '../testing/tokens';

const t = useTestApp();

type Role = 'admin' | 'teacher' | 'student';
const ROLES: readonly Role[] = ['admin', 'teacher', 'student'];

// Every call of the contract that the server answers through its route registrar (media bytes are
// static files, public by design: contract §7).
const GUARDED = ROUTES_TABLE.filter((route) => route.auth === 'bearer' && route.responseKind !== 'binary');

/** The route's URL with a made-up slug in every path parameter. */
function urlOf(route: RouteDef): string {
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? '', 'no-such-slug-1']),
  );
  return `/api${buildPath(route, params)}`;
}

async function tokensByRole(): Promise<Record<Role, string>> {
  const admin = await buildAdmin(t.db);
  const teacher = await buildTeacher(t.db, { institutionId: admin.profile.institutionId });
  const student = await buildStudent(t.db, { institutionId: admin.profile.institutionId });
  const sign = (p: typeof profiles.$inferSelect) => tokenFor(t.app, p);
  return {
    admin: await sign(admin.profile),
    teacher: await sign(teacher.profile),
    student: await sign(student.profile),
  };
}

describe('every guarded call of the contract', () => {
  it('covers the whole contract (a filter that dropped calls would make the checks below vacuous)', () => {
    expect(GUARDED.length).toBeGreaterThanOrEqual(50);
    expect(GUARDED.map((r) => r.id)).toContain('sessions.markAttendanceForStudent');
  });

  it('answers an anonymous caller 401 with the error envelope, before reading anything else', async () => {
    for (const route of GUARDED) {
      const res = await call(t.app, {
        method: route.method,
        url: urlOf(route),
        body: route.method === 'POST' ? {} : undefined,
      });
      expect({ id: route.id, status: res.status }).toEqual({ id: route.id, status: 401 });
      expect(res.body).toMatchObject({ data: null, error: true });
    }
  });

  it('answers a forged token 401', async () => {
    for (const route of GUARDED) {
      const res = await call(t.app, { method: route.method, url: urlOf(route), token: 'not.a.token' });
      expect({ id: route.id, status: res.status }).toEqual({ id: route.id, status: 401 });
    }
  });

  it('answers every role the call is not for 403 with a message', async () => {
    const tokens = await tokensByRole();
    for (const route of GUARDED) {
      for (const role of ROLES.filter((r) => !route.roles.includes(r))) {
        const res = await call(t.app, {
          method: route.method,
          url: urlOf(route),
          token: tokens[role],
          body: route.method === 'POST' ? {} : undefined,
        });
        expect({ id: route.id, role, status: res.status }).toEqual({ id: route.id, role, status: 403 });
        expect(typeof res.body?.message).toBe('string');
      }
    }
  });

  it('answers the right role a clear client error for unknown objects or missing fields, never a crash', async () => {
    const tokens = await tokensByRole();
    for (const route of GUARDED) {
      for (const role of route.roles) {
        const res = await call(t.app, {
          method: route.method,
          url: urlOf(route),
          token: tokens[role],
          body: route.method === 'POST' ? {} : undefined,
        });
        const outcome = { id: route.id, role, status: res.status };
        expect(outcome.status, JSON.stringify(outcome)).not.toBe(401);
        expect(outcome.status, JSON.stringify(outcome)).not.toBe(500);
        if (res.status >= 400) {
          expect(res.body?.error, JSON.stringify(outcome)).toBe(true);
          expect(res.body?.message, JSON.stringify(outcome)).toMatch(/\w/);
        }
      }
    }
  });
});
