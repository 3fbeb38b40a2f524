import { describe, expect, it } from 'vitest';
import {
  allocationExtensionRoutes,
  buildPath,
  pathParamNames,
  ROUTES_TABLE,
  SECTION_13_ROUTES_TABLE,
  type RouteDef,
} from '@rollbook/contract';
import { buildAdmin, buildStudent, buildTeacher } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { tokenFor } from '../testing/tokens';
import { sampleInput, stringPaths, withString } from '../testing/sample-input';

const t = useTestApp();

// Every call the server registers from the contract, except media bytes (static files).
const ROUTES: RouteDef[] = [
  ...ROUTES_TABLE,
  ...SECTION_13_ROUTES_TABLE,
  ...(Object.values(allocationExtensionRoutes) as RouteDef[]),
].filter((route) => route.responseKind !== 'binary');
const JSON_BODIES = ROUTES.filter((r) => r.bodyKind === 'json' && r.body);
const MULTIPART = ROUTES.filter((r) => r.bodyKind === 'multipart' && r.body);
const WITH_QUERY = ROUTES.filter((r) => r.query);
const WITH_PARAMS = ROUTES.filter((r) => pathParamNames(r.path).length > 0);

// Letters that do not compress (a run of one letter would squeeze into any index entry).
let seed = 7;
const LONG = Array.from({ length: 10_001 }, () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return String.fromCharCode(97 + (seed % 26));
}).join('');
const withNul = (s: string) => `${s.slice(0, 1)}\u0000${s.slice(1)}`;

let tokens: Record<string, string> = {};

/**
 * Fresh people for each route: a call such as update_email revokes its caller's tokens, which
 * would turn every later probe into a 401 that proves nothing.
 */
async function signInPeople() {
  const admin = await buildAdmin(t.db);
  const teacher = await buildTeacher(t.db, { institutionId: admin.profile.institutionId });
  const student = await buildStudent(t.db, { institutionId: admin.profile.institutionId });
  tokens = {
    admin: await tokenFor(t.app, admin.profile),
    teacher: await tokenFor(t.app, teacher.profile),
    student: await tokenFor(t.app, student.profile),
  };
}

function headersFor(route: RouteDef): Record<string, string> {
  const role = route.roles[0];
  return route.auth === 'bearer' && role ? { authorization: `Bearer ${tokens[role]}` } : {};
}

function urlOf(
  route: RouteDef,
  params: Record<string, string> = {},
  query?: Record<string, unknown>,
): string {
  const filled = Object.fromEntries(
    pathParamNames(route.path).map((n) => [n, params[n] ?? 'no-such-slug-1']),
  );
  const base = `/api${buildPath(route, filled)}`;
  if (!query) return base;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${base}?${search.toString()}`;
}

/** The message of an answer (every error carries one). */
function messageOf(res: { json: <T>() => T }): string {
  const body = res.json<{ message?: unknown } | null>();
  return typeof body?.message === 'string' ? body.message : '';
}

/** Sends one JSON body; answers what the fuzz records. */
async function sendJson(route: RouteDef, body: unknown) {
  const res = await t.app.inject({
    method: route.method,
    url: urlOf(route),
    headers: { ...headersFor(route), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, message: messageOf(res) };
}

function multipartBody(fields: Record<string, unknown>, files: readonly string[]) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts = [
    ...Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    ),
    ...files.map(
      (name) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\nRIFF\r\n`,
    ),
  ];
  return { boundary, payload: `${parts.join('')}--${boundary}--\r\n` };
}

interface Finding {
  route: string;
  field: string;
  status: number;
  message: string;
}

/** Findings that break the rule: a 5xx anywhere, or a NUL not refused with a 400 naming it. */
function problems(findings: Finding[], nul: boolean) {
  return findings.filter((f) => f.status >= 500 || (nul && (f.status !== 400 || !/NUL/.test(f.message))));
}

describe('every JSON body of the contract', () => {
  it('walks every route with a JSON body (a filter that dropped them would make the checks vacuous)', () => {
    expect(JSON_BODIES.length).toBeGreaterThanOrEqual(19);
    expect(JSON_BODIES.map((r) => r.id)).toEqual(
      expect.arrayContaining(['auth.login', 'auth.forgotPassword', 'sessions.markForRegulization']),
    );
  });

  it('refuses a NUL character in any string field with a 400 that says so', async () => {
    const findings: Finding[] = [];
    for (const route of JSON_BODIES) {
      await signInPeople();
      const sample = sampleInput(route.body!);
      const paths = stringPaths(sample);
      for (const path of paths) {
        const res = await sendJson(route, withString(sample, path, withNul));
        findings.push({ route: route.id, field: path.join('.'), ...res });
      }
      // In a key too: unknown keys are dropped by the schemas, but must not slip through unseen.
      const res = await sendJson(route, { ...(sample as object), 'bad\u0000key': 'x' });
      findings.push({ route: route.id, field: '(key)', ...res });
    }
    expect(findings.length).toBeGreaterThan(JSON_BODIES.length * 2);
    expect(problems(findings, true)).toEqual([]);
  });

  it('never answers 500 to a string of 10 000+ characters in any field', async () => {
    const findings: Finding[] = [];
    for (const route of JSON_BODIES) {
      await signInPeople();
      const sample = sampleInput(route.body!);
      for (const path of stringPaths(sample)) {
        const res = await sendJson(
          route,
          withString(sample, path, (old) => old + LONG),
        );
        findings.push({ route: route.id, field: path.join('.'), ...res });
      }
    }
    expect(problems(findings, false)).toEqual([]);
  });
});

describe('query strings, path parameters and multipart text fields', () => {
  it('refuse a NUL character with a 400 that says so', async () => {
    await signInPeople();
    const findings: Finding[] = [];
    for (const route of WITH_QUERY) {
      const sample = sampleInput(route.query!) as Record<string, unknown>;
      for (const path of stringPaths(sample)) {
        const query = withString(sample, path, withNul) as Record<string, unknown>;
        const res = await t.app.inject({
          method: route.method,
          url: urlOf(route, {}, query),
          headers: headersFor(route),
        });
        findings.push({
          route: route.id,
          field: `?${path.join('.')}`,
          status: res.statusCode,
          message: messageOf(res),
        });
      }
    }
    for (const route of WITH_PARAMS) {
      for (const name of pathParamNames(route.path)) {
        const res = await t.app.inject({
          method: route.method,
          url: urlOf(route, { [name]: 'abc\u0000' }),
          headers: headersFor(route),
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        findings.push({
          route: route.id,
          field: `{${name}}`,
          status: res.statusCode,
          message: messageOf(res),
        });
      }
    }
    for (const route of MULTIPART) {
      const sample = sampleInput(route.body!) as Record<string, unknown>;
      for (const path of stringPaths(sample)) {
        const { boundary, payload } = multipartBody(
          withString(sample, path, withNul) as Record<string, unknown>,
          route.files ?? [],
        );
        const res = await t.app.inject({
          method: route.method,
          url: urlOf(route),
          headers: { ...headersFor(route), 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        findings.push({
          route: route.id,
          field: path.join('.'),
          status: res.statusCode,
          message: messageOf(res),
        });
      }
    }
    expect(findings.length).toBeGreaterThan(WITH_PARAMS.length);
    expect(problems(findings, true)).toEqual([]);
  });
});
