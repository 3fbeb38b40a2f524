import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, buildPath, fastifyPath, mediaRoutes, type RouteDef } from '@rollbook/contract';
import type { profiles } from '../db/schema';
import { buildAdmin, buildStudent, buildTeacher } from '../testing/factories';
import { call, useTestApp } from '../testing/test-app';
import { tokenFor } from '../testing/tokens';

// With the e2e hooks on, every route the app can ever register is registered (see PUBLIC_ROUTES).
const t = useTestApp({ e2eTestHooks: true });

type Role = 'admin' | 'teacher' | 'student';
const ROLES: readonly Role[] = ['admin', 'teacher', 'student'];

// Every bearer call of the contract, Appendix A and Rollbook's own (media and the calendar feed
// itself are public by design: contract §7, and the feed's secret token is its credential).
const GUARDED = ALL_ROUTES.filter((route) => route.auth === 'bearer');

/**
 * The only routes the app registers outside the contract, each with its reason. Anything else a
 * module registers with Fastify directly (skipping registerRoute, so skipping the contract's
 * schemas, authentication and role check) fails the walk below.
 */
const PUBLIC_ROUTES: ReadonlyArray<{ method: string; url: string; prefix?: true; why: string }> = [
  { method: 'OPTIONS', url: '*', why: 'CORS preflight (@fastify/cors)' },
  { method: 'GET', url: '/api/docs', prefix: true, why: 'OpenAPI browser and its JSON/YAML (swagger-ui)' },
  { method: 'GET', url: '/api/media/*', why: 'media files (contract §7 media.getMedia), public by design' },
  { method: 'POST', url: '/api/__e2e__/reset', why: 'browser-suite hook, only with E2E_TEST_HOOKS' },
  { method: 'POST', url: '/api/__e2e__/notify', why: 'browser-suite hook, only with E2E_TEST_HOOKS' },
  { method: 'GET', url: '/*', why: 'the built web app with its history fallback' },
  { method: 'GET', url: '/api/health', why: "operators' liveness probe (plugins/app/ops), no data" },
  { method: 'GET', url: '/api/ready', why: "operators' readiness probe (plugins/app/ops), no data" },
  {
    method: 'GET',
    url: '/api/metrics',
    why: 'Prometheus metrics, guarded by its own METRICS_TOKEN (404 without)',
  },
];

/** Fastify adds a HEAD route beside every GET route; it answers like the GET. */
const sameMethod = (registered: string, listed: string) =>
  registered === listed || (registered === 'HEAD' && listed === 'GET');

function isPublic(method: string, url: string): boolean {
  return PUBLIC_ROUTES.some(
    (p) =>
      sameMethod(method, p.method) &&
      (p.prefix ? url === p.url || url.startsWith(`${p.url}/`) : url === p.url),
  );
}

/** The route's URL with a made-up slug in every path parameter. */
function urlOf(route: RouteDef): string {
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? '', 'no-such-slug-1']),
  );
  return `/api${buildPath(route, params)}`;
}

async function tokensByRole(): Promise<Record<Role, string>> {
  // An institution admin: institution-wide set-up calls answer a branch admin 403 by design, and
  // the walk checks that every allowed role gets past the guard.
  const admin = await buildAdmin(t.db, { institutionAdmin: true });
  const teacher = await buildTeacher(t.db, { institutionId: admin.profile.institutionId });
  const student = await buildStudent(t.db, { institutionId: admin.profile.institutionId });
  const sign = (p: typeof profiles.$inferSelect) => tokenFor(t.app, p);
  return {
    admin: await sign(admin.profile),
    teacher: await sign(teacher.profile),
    student: await sign(student.profile),
  };
}

describe('routes registered on the app', () => {
  const contractRoutes = new Set(ALL_ROUTES.map((r) => `${r.method} /api${fastifyPath(r.path)}`));
  const isContract = (method: string, url: string) =>
    contractRoutes.has(`${method} ${url}`) || (method === 'HEAD' && contractRoutes.has(`GET ${url}`));
  const outsideContract = (routes: ReadonlyArray<{ method: string; url: string }>) =>
    routes
      .filter((r) => !isContract(r.method, r.url) && !isPublic(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`);

  it('are all contract calls or on the commented public list', () => {
    expect(outsideContract(t.app.registeredRoutes)).toEqual([]);
  });

  it('would show a route registered beside the contract (the check above is not vacuous)', () => {
    const rogue = [
      { method: 'GET', url: '/api/calendar/feed' },
      { method: 'GET', url: '/api/rogue' },
      { method: 'POST', url: '/api/docs' },
      { method: 'GET', url: '/api/docsx' },
    ];
    expect(outsideContract([...t.app.registeredRoutes, ...rogue])).toEqual([
      'GET /api/rogue',
      'POST /api/docs',
      'GET /api/docsx',
    ]);
  });

  it('include every public entry (a stale entry would hide a new route of the same name)', () => {
    for (const entry of PUBLIC_ROUTES) {
      const found = t.app.registeredRoutes.some(
        (r) =>
          r.method === entry.method && (entry.prefix ? r.url.startsWith(entry.url) : r.url === entry.url),
      );
      expect(found, `${entry.method} ${entry.url}`).toBe(true);
    }
  });

  it('include every contract call (the media call is answered by the media files route)', () => {
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = [...contractRoutes].filter((key) => !registered.has(key));
    expect(missing).toEqual([`GET /api${fastifyPath(mediaRoutes.getMedia.path)}`]);
  });
});

describe('every guarded call of the contract', () => {
  it('covers the whole contract (a filter that dropped calls would make the checks below vacuous)', () => {
    expect(GUARDED.length).toBeGreaterThanOrEqual(55);
    expect(GUARDED.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'sessions.markAttendanceForStudent',
        'calendar.getFeedUrl',
        'timetable.getSampleFile',
      ]),
    );
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

  it('lets every allowed role past the guard (never 401 or 403), with a clear client error for unknown objects or missing fields and never a crash', async () => {
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
        expect(outcome.status, JSON.stringify(outcome)).not.toBe(403);
        expect(outcome.status, JSON.stringify(outcome)).not.toBe(500);
        if (res.status >= 400) {
          expect(res.body?.error, JSON.stringify(outcome)).toBe(true);
          expect(res.body?.message, JSON.stringify(outcome)).toMatch(/\w/);
        }
      }
    }
  });
});
