import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lectures } from '../../db/schema';
import { plannedSessionId } from '../../domain/lectures/planned-session-id';
import { buildAdmin, buildBranch } from '../../testing/factories';
import { createInstant, startInstant } from '../../testing/instant-fixture';
import { startLiveWorld, startSession, useListeningTestApp, useSockets } from '../../testing/live-fixture';
import { openSse, type SseStream } from '../../testing/sse-client';
import { call } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';

/** An identifier of the same shape (length, digits, hex and other letters) that names nothing. */
function ghostOf(id: string): string {
  const classes = ['0123456789', 'abcdef', 'ghijklmnopqrstuvwxyz', 'ABCDEF', 'GHIJKLMNOPQRSTUVWXYZ'];
  return [...id]
    .map((c) => {
      const group = classes.find((g) => g.includes(c));
      return group ? group[(group.indexOf(c) + 1) % group.length]! : c;
    })
    .join('');
}

/**
 * The calls QA named (the session export, the slow-network stream, starting a lecture, and the live
 * socket): a session or lecture of another institution, or for an admin of another branch, is
 * answered exactly as one that does not exist, so no answer tells that it exists. A colleague in
 * the same institution, who may know the lecture exists, is told it is not theirs (403).
 */
describe('another institution’s sessions and lectures answer exactly as missing ones', () => {
  const { t, baseUrl } = useListeningTestApp();
  const sockets = useSockets();

  const exportOf = (sessionId: string, token: string) =>
    call(t.app, {
      method: 'GET',
      url: `/api/manage/session/get_session_data_for_export/${sessionId}`,
      token,
    });
  const answerOf = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

  it('the session export, for teachers and admins of another institution and admins of another branch', async () => {
    const a = await startLiveWorld(t.app, t.db);
    const b = await startLiveWorld(t.app, t.db);
    const elsewhere = await buildBranch(t.db, { institutionId: a.world.institutionId, code: '16' });
    const otherBranchAdmin = await tokenFor(
      t.app,
      (await buildAdmin(t.db, { institutionId: a.world.institutionId, branchId: elsewhere.id })).profile,
    );
    const ghost = ghostOf(a.sessionId);
    for (const [who, token] of [
      ['teacher of B', b.tokens.cst],
      ['admin of B', b.tokens.admin],
      ['admin of another branch of A', otherBranchAdmin],
    ] as const) {
      const real = answerOf(await exportOf(a.sessionId, token));
      expect({ who, ...real }).toEqual({ who, ...answerOf(await exportOf(ghost, token)) });
      expect({ who, status: real.status }).toEqual({ who, status: 404 });
    }
    // A colleague of the same institution may know the session exists: not theirs.
    expect((await exportOf(a.sessionId, a.tokens.haj)).status).toBe(403);
  });

  it('the slow-network stream, for a live and a planned session of another institution', async () => {
    const a = await startLiveWorld(t.app, t.db);
    const b = await startLiveWorld(t.app, t.db);
    const [lecture] = await t.db.select().from(lectures).where(eq(lectures.id, a.lecture.id));
    // The same lecture later this week: a session the timetable names before it exists.
    const planned = plannedSessionId(lecture!.sessionSeed, '2026-11-05');
    // Its own teacher is told it has not started: the id is a real one.
    const own = await call(t.app, {
      method: 'POST',
      url: '/api/manage/session/end_session/',
      token: a.tokens.cst,
      body: { session_id: planned },
    });
    expect(own.status).toBe(409);
    const streams: SseStream[] = [];
    const follow = async (sessionId: string, token: string) => {
      const stream = await openSse(baseUrl(), { session_id: sessionId, access_token: token });
      streams.push(stream);
      return { status: stream.status, body: stream.errorBody as unknown };
    };
    try {
      for (const id of [a.sessionId, planned]) {
        const real = await follow(id, b.tokens.cst);
        expect(real).toEqual(await follow(ghostOf(id), b.tokens.cst));
        expect(real.status).toBe(404);
      }
      expect((await follow(a.sessionId, a.tokens.haj)).status).toBe(403);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('the live socket, for a session of another institution', async () => {
    const a = await startLiveWorld(t.app, t.db);
    const b = await startLiveWorld(t.app, t.db);
    const real = await sockets.join(baseUrl(), a.sessionId, b.tokens.cst);
    const ghost = await sockets.join(baseUrl(), ghostOf(a.sessionId), b.tokens.cst);
    expect(real.answer.kind).toBe('error');
    expect(real.answer.m).toEqual(ghost.answer.m);
  });

  it('starting a timetable or an instant lecture of another institution', async () => {
    const a = await startLiveWorld(t.app, t.db);
    const b = await startLiveWorld(t.app, t.db);
    const real = answerOf(await startSession(t.app, b.tokens.cst, a.lecture.slug));
    expect(real).toEqual(answerOf(await startSession(t.app, b.tokens.cst, ghostOf(a.lecture.slug))));
    expect(real.status).toBe(404);
    // A colleague's lecture in the same institution: known, not theirs.
    expect((await startSession(t.app, a.tokens.haj, a.lecture.slug)).status).toBe(403);

    const created = await createInstant(t.app, a.tokens.cst, {
      semester: a.world.semester.slug,
      divisions: [a.world.divisions.A.slug],
      title: 'Revision',
      classroom: a.world.rooms.LH101!.slug,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const slug = created.body.data.slug as string;
    const instant = answerOf(await startInstant(t.app, b.tokens.cst, slug));
    expect(instant).toEqual(answerOf(await startInstant(t.app, b.tokens.cst, ghostOf(slug))));
    expect(instant.status).toBe(404);
    expect((await startInstant(t.app, a.tokens.haj, slug)).status).toBe(403);
  });
});
