import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, calendarRoutes, catalogueRoutes, ok, type RouteResponse } from '@rollbook/contract';
import { apiUrl, errorReply, onCall, server, takeContractViolations } from './msw';

// This file checks the checker, so it runs its own server lifecycle: setupMswServer would fail
// these tests for the very breaches they provoke on purpose.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  takeContractViolations();
});
afterAll(() => server.close());

type Streams = RouteResponse<typeof catalogueRoutes.getStreams>;

async function getStreams() {
  const response = await fetch(apiUrl(buildPath(catalogueRoutes.getStreams)));
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('onCall (fake answers checked against the contract)', () => {
  it('sends a body the response schema accepts, at the route’s own method and path', async () => {
    const streams = [
      { slug: 'be-it', title: 'BE', stream_code: 'BE', branch: { branch_name: 'IT', slug: 'it' } },
    ];
    server.use(onCall(catalogueRoutes.getStreams, () => ok(streams)));
    const answer = await getStreams();
    expect(answer).toEqual({ status: 200, body: ok(streams) });
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses a body that drifted from the schema: a 500 and a recorded breach naming the call', async () => {
    // A mock written by hand for an older shape (`name` instead of `title`) must not pass.
    const drifted = ok([{ slug: 'be-it', name: 'BE' }]) as unknown as Streams;
    server.use(onCall(catalogueRoutes.getStreams, () => drifted));
    const answer = await getStreams();
    expect(answer.status).toBe(500);
    const breaches = takeContractViolations();
    expect(breaches).toHaveLength(1);
    expect(breaches[0]).toContain('catalogue.getStreams');
  });

  it('refuses a success handed over as a ready Response, which would skip the schema', async () => {
    server.use(onCall(catalogueRoutes.getStreams, () => HttpResponse.json({ anything: 1 })));
    expect((await getStreams()).status).toBe(500);
    expect(takeContractViolations()[0]).toMatch(/not a Response/);
  });

  it('passes the error envelope through and refuses any other JSON error body', async () => {
    server.use(onCall(catalogueRoutes.getStreams, () => errorReply(409, 'Not now', 'conflict')));
    expect(await getStreams()).toEqual({
      status: 409,
      body: { data: null, error: true, message: 'Not now', code: 'conflict' },
    });
    expect(takeContractViolations()).toEqual([]);

    server.use(onCall(catalogueRoutes.getStreams, () => HttpResponse.json({ oops: true }, { status: 400 })));
    expect((await getStreams()).status).toBe(500);
    expect(takeContractViolations()[0]).toMatch(/error body/);
  });

  it('matches path parameters by their contract names', async () => {
    let seen: unknown = null;
    server.use(
      onCall(calendarRoutes.getFeed, ({ params }) => {
        seen = params.file;
        return 'BEGIN:VCALENDAR';
      }),
    );
    const response = await fetch(apiUrl(buildPath(calendarRoutes.getFeed, { file: 'abc.ics' })));
    expect(await response.text()).toBe('BEGIN:VCALENDAR');
    expect(seen).toBe('abc.ics');
  });
});
