// Security probe of a running server (issue 14): the sign-in limits under rotating X-Forwarded-For
// headers and rotating source addresses, password spraying from one address, the forgot-password
// answer for known and unknown addresses, and a fuzz of every JSON body of the contract (plus query
// strings, path parameters and multipart text fields) with NUL characters and 10,000-character
// strings. Everything goes over real HTTP to a real `apps/server/src/main.ts` process.
//
// Source addresses rotate over 127.0.0.0/8 (every address of it reaches loopback on Linux), so the
// server sees a different client address for each connection, as behind no proxy.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> [BENCH_REDIS_URL=redis://127.0.0.1:6379/<n>] \
//      npx tsx bench/security/probe.bench.ts [--port 3302]
// The bench owns the database it is given: it empties it first. Without BENCH_REDIS_URL the server
// keeps its limits in memory (one instance); with it, in Redis (the scaled-out mode).
import { request } from 'node:http';
import {
  allocationExtensionRoutes,
  buildPath,
  pathParamNames,
  ROUTES_TABLE,
  type RouteDef,
} from '@rollbook/contract';
import { Redis } from 'ioredis';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import { accessTokenFor } from '../../apps/server/src/testing/tokens';
// Brings in the app's `deps` decoration the token helpers' module refers to (types only).
import type {} from '../../apps/server/src/plugins/app/deps';
import {
  buildAdmin,
  buildStudent,
  buildTeacher,
  TEST_PASSWORD,
} from '../../apps/server/src/testing/factories';
import { sampleInput, stringPaths, withString } from '../../apps/server/src/testing/sample-input';
import { benchTokens as tokens, startBenchServer } from '../lib/bench-server';
import { numberOption, requiredEnv } from '../lib/options';

const PORT = numberOption('port', 3302);
const DATABASE_URL = requiredEnv('BENCH_DATABASE_URL', 'a PostgreSQL database the bench may empty and seed');
const REDIS_URL = process.env.BENCH_REDIS_URL;

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One HTTP call from a chosen loopback source address. */
function send(
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path: url,
        headers: {
          ...(opts.body !== undefined ? { 'content-length': Buffer.byteLength(opts.body) } : {}),
          ...opts.headers,
        },
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

/** The nth loopback source address other than 127.0.0.1. */
const source = (n: number) => `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 2}`;

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const LOGIN = '/api/auth/api/login/';
const FORGOT = '/api/auth/api/forgot_password/';

let seed = 7;
const LONG = Array.from({ length: 10_001 }, () => {
  seed = (seed * 48_271) % 2_147_483_647;
  return String.fromCharCode(97 + (seed % 26));
}).join('');
const withNul = (s: string) => `${s.slice(0, 1)}\u0000${s.slice(1)}`;

async function main() {
  const handle = await openDatabase({ url: DATABASE_URL, dataDir: null });
  await truncateAll(handle.db);
  if (REDIS_URL) {
    // The bench owns its Redis database as it does PostgreSQL: earlier runs' sign-in counters and
    // 24-hour reset claims would change its answers.
    const redis = new Redis(REDIS_URL);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'rb:throttle:*', 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  }
  const db = handle.db;
  const server = await startBenchServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    logLevel: 'fatal',
  });
  try {
    console.log(
      `mode: ${REDIS_URL ? 'PostgreSQL + Redis (limits shared in Redis)' : 'PostgreSQL, limits in memory'}`,
    );
    const victim = (await buildTeacher(db)).profile;

    // 1. One account, 100 guesses, each with a new X-Forwarded-For, from one source address.
    const rotatingHeader: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await send('POST', LOGIN, {
        ...json({ email: victim.email, password: `guess-${i}` }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
      rotatingHeader.push(res.status);
    }
    console.log(`rotating X-Forwarded-For, 100 guesses on one account: ${tally(rotatingHeader)}`);

    // 2. Another account, 100 guesses from 100 different source addresses.
    const victim2 = (await buildTeacher(db)).profile;
    const rotatingSource: number[] = [];
    for (let i = 0; i < 100; i++) {
      rotatingSource.push(
        (
          await send('POST', LOGIN, {
            ...json({ email: victim2.email, password: `guess-${i}` }),
            from: source(i),
          })
        ).status,
      );
    }
    console.log(`rotating source address, 100 guesses on one account: ${tally(rotatingSource)}`);
    const owner = await send('POST', LOGIN, {
      ...json({ email: victim2.email, password: TEST_PASSWORD }),
      from: source(900),
    });
    console.log(`  the owner's right password during the lock: ${owner.status}`);

    // 3. Password spraying: one source address, one password, 50 accounts.
    const accounts = await Promise.all(Array.from({ length: 50 }, () => buildStudent(db)));
    const spray: number[] = [];
    for (const a of accounts) {
      spray.push(
        (
          await send('POST', LOGIN, {
            ...json({ email: a.profile.email, password: 'Summer2026!' }),
            from: '127.0.9.9',
          })
        ).status,
      );
    }
    console.log(
      `one password on 50 accounts from one address: ${tally(spray)} (first 429 at account ${spray.includes(429) ? spray.indexOf(429) + 1 : 'none'})`,
    );
    const resets: number[] = [];
    for (let i = 0; i < 30; i++) {
      resets.push(
        (await send('POST', FORGOT, { ...json({ email: `probe${i}@example.test` }), from: '127.0.9.10' }))
          .status,
      );
    }
    console.log(`30 reset requests for different addresses from one address: ${tally(resets)}`);

    // 4. Forgot password: known and unknown addresses, each from its own source address.
    const known = await Promise.all(Array.from({ length: 40 }, () => buildStudent(db)));
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    const forgotStatuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const k = await send('POST', FORGOT, {
        ...json({ email: known[i]!.profile.email }),
        from: source(300 + 2 * i),
      });
      const u = await send('POST', FORGOT, {
        ...json({ email: `nobody${i}@example.test` }),
        from: source(301 + 2 * i),
      });
      knownMs.push(k.ms);
      unknownMs.push(u.ms);
      forgotStatuses.push(k.status, u.status);
    }
    console.log(
      `forgot password, 40 known and 40 unknown addresses: ${tally(forgotStatuses)}; median answer ${median(knownMs).toFixed(1)} ms known, ${median(unknownMs).toFixed(1)} ms unknown`,
    );

    // 5. Fuzz every JSON body (NUL, 10k strings), query, path parameter and multipart text field.
    const routes = [...ROUTES_TABLE, ...(Object.values(allocationExtensionRoutes) as RouteDef[])].filter(
      (r) => r.responseKind !== 'binary',
    );
    let sent = 0;
    const fiveHundreds: string[] = [];
    const nulNot400: string[] = [];
    let n = 0;
    const record = (route: RouteDef, field: string, res: Answer, nul: boolean) => {
      sent += 1;
      if (res.status >= 500) fiveHundreds.push(`${route.id} ${field} ${res.status}`);
      if (nul && res.status !== 400) nulNot400.push(`${route.id} ${field} ${res.status}`);
    };
    for (const route of routes) {
      const admin = await buildAdmin(db);
      const people = {
        admin: admin.profile,
        teacher: (await buildTeacher(db, { institutionId: admin.profile.institutionId })).profile,
        student: (await buildStudent(db, { institutionId: admin.profile.institutionId })).profile,
      };
      const role = route.roles[0];
      const auth: Record<string, string> =
        route.auth === 'bearer' && role
          ? { authorization: `Bearer ${await accessTokenFor(tokens, people[role], Date.now())}` }
          : {};
      const params = Object.fromEntries(pathParamNames(route.path).map((p) => [p, 'no-such-slug-1']));
      const url = `/api${buildPath(route, params)}`;
      const from = () => source(1000 + (n++ % 2000));
      if (route.bodyKind === 'json' && route.body) {
        const sample = sampleInput(route.body);
        for (const p of stringPaths(sample)) {
          for (const [nul, change] of [
            [true, withNul],
            [false, (old: string) => old + LONG],
          ] as const) {
            const res = await send(route.method, url, {
              ...json(withString(sample, p, change)),
              headers: { ...auth, 'content-type': 'application/json' },
              from: from(),
            });
            record(route, p.join('.'), res, nul);
          }
        }
      }
      if (route.query) {
        const sample = sampleInput(route.query) as Record<string, unknown>;
        for (const p of stringPaths(sample)) {
          const query = withString(sample, p, withNul) as Record<string, unknown>;
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          );
          record(
            route,
            `?${p.join('.')}`,
            await send(route.method, `${url}?${search.toString()}`, { headers: auth, from: from() }),
            true,
          );
        }
      }
      for (const name of pathParamNames(route.path)) {
        const bad = `/api${buildPath(route, { ...params, [name]: 'abc\u0000' })}`;
        record(route, `{${name}}`, await send(route.method, bad, { headers: auth, from: from() }), true);
      }
      if (route.bodyKind === 'multipart' && route.body) {
        const sample = sampleInput(route.body) as Record<string, unknown>;
        for (const p of stringPaths(sample)) {
          const fields = withString(sample, p, withNul) as Record<string, unknown>;
          const boundary = 'probeboundary';
          const parts = [
            ...Object.entries(fields).map(
              ([k, v]) =>
                `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`,
            ),
            ...(route.files ?? []).map(
              (f) =>
                `--${boundary}\r\nContent-Disposition: form-data; name="${f}"; filename="${f}.bin"\r\nContent-Type: application/octet-stream\r\n\r\nRIFF\r\n`,
            ),
          ];
          const body = `${parts.join('')}--${boundary}--\r\n`;
          const res = await send(route.method, url, {
            body,
            headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
            from: from(),
          });
          record(route, p.join('.'), res, true);
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${routes.length} routes; 5xx answers: ${fiveHundreds.length}; NUL not refused with 400: ${nulNot400.length}`,
    );
    for (const f of [...fiveHundreds, ...nulNot400].slice(0, 20)) console.log(`  ${f}`);
    process.exitCode = fiveHundreds.length === 0 && nulNot400.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
    await handle.close();
  }
}

await main();
