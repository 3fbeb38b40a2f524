import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { attendances, auditLog, lectureSessions } from '../../db/schema';
import { createJobRunner } from '../../domain/scheduled-jobs/job-runner';
import { buildLiveWorld, type LiveWorld } from '../../testing/live-fixture';
import { useTestApp } from '../../testing/test-app';
import { forgottenSessionsJob } from './forgotten-sessions.job';

describe('the job ending forgotten sessions', () => {
  const t = useTestApp();

  /** A session of the world's lecture on `day`, in `status`, with A1 marked present. */
  async function sessionOn(w: LiveWorld, day: string, status: 'ongoing' | 'post') {
    const startedAt = new Date(`${day}T09:00:00+05:30`);
    const [session] = await t.db
      .insert(lectureSessions)
      .values({
        sessionId: `s-${w.lecture.id}-${day}`,
        lectureId: w.lecture.id,
        day,
        status,
        startedAt,
        endedAt: status === 'post' ? new Date(startedAt.getTime() + 3_600_000) : null,
      })
      .returning();
    await t.db.insert(attendances).values({
      sessionId: session!.id,
      studentId: w.students.a1.student.id,
      isPresent: true,
      markingTime: startedAt,
    });
    return session!;
  }

  const statusOf = async (id: number) =>
    (await t.db.select().from(lectureSessions).where(eq(lectureSessions.id, id)))[0]!;
  const rowsOf = async (id: number) =>
    (
      await t.db
        .select({ studentId: attendances.studentId, isPresent: attendances.isPresent })
        .from(attendances)
        .where(eq(attendances.sessionId, id))
    ).sort((a, b) => a.studentId - b.studentId);

  it('ends the sessions left ongoing from an earlier day, once, as their teacher would have', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const elsewhere = await buildLiveWorld(t.app, t.db);
    const forgotten = await sessionOn(w, '2026-11-02', 'ongoing');
    const today = await sessionOn(w, '2026-11-04', 'ongoing');
    const ended = await sessionOn(w, '2026-11-03', 'post');
    const otherInstitution = await sessionOn(elsewhere, '2026-11-02', 'ongoing');
    // 04:15 on 4 November in India: the night's run is due.
    t.clock.set(new Date('2026-11-04T04:15:00+05:30'));
    const pushed: string[] = [];
    const cleared: string[] = [];
    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      jobs: [
        forgottenSessionsJob({
          liveStore: { clearSession: async (id) => void cleared.push(id) },
          room: {
            sessionEnded: (id, records) => pushed.push(`${id}:${records.length}`),
            disconnectAll: () => undefined,
          },
        }),
      ],
      onError: (e) => {
        throw e;
      },
    });
    const done = await runner.runDue();
    expect(done.find((r) => r.institutionId === w.world.institutionId)?.summary).toEqual({ ended: 1 });

    const after = await statusOf(forgotten.id);
    expect(after.status).toBe('post');
    expect(after.endedAt).toEqual(new Date('2026-11-04T04:15:00+05:30'));
    // Everyone expected has a row: A1's mark stays, A2 is absent.
    expect(await rowsOf(forgotten.id)).toEqual(
      [
        { studentId: w.students.a1.student.id, isPresent: true },
        { studentId: w.students.a2.student.id, isPresent: false },
      ].sort((a, b) => a.studentId - b.studentId),
    );
    // Each institution has its own run, the other one's forgotten session included.
    expect(pushed.sort()).toEqual([`${forgotten.sessionId}:2`, `${otherInstitution.sessionId}:2`].sort());
    expect(cleared.sort()).toEqual([forgotten.sessionId, otherInstitution.sessionId].sort());
    // Today's session is still live; an ended one is left alone.
    expect((await statusOf(today.id)).status).toBe('ongoing');
    expect((await statusOf(ended.id)).endedAt).toEqual(ended.endedAt);
    expect((await statusOf(otherInstitution.id)).status).toBe('post');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.ended'), eq(auditLog.entitySlug, forgotten.sessionId)));
    expect(entry).toMatchObject({ actorProfileId: null, detail: { automatically: true, day: '2026-11-02' } });

    // The same night again: nothing more to do.
    expect(await runner.runDue()).toEqual([]);
    expect(pushed).toHaveLength(2);
  });

  it('waits for the night: at 03:45 the previous day’s run has already gone, and today is not over', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const yesterday = await sessionOn(w, '2026-11-03', 'ongoing');
    t.clock.set(new Date('2026-11-04T03:45:00+05:30'));
    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      jobs: [
        forgottenSessionsJob({
          liveStore: { clearSession: async () => undefined },
          room: { sessionEnded: () => undefined, disconnectAll: () => undefined },
        }),
      ],
      onError: (e) => {
        throw e;
      },
    });
    // The run due at 03:45 is 3 November's (its 04:00 passed): 3 November's session is not before it.
    await runner.runDue();
    expect((await statusOf(yesterday.id)).status).toBe('ongoing');
    t.clock.set(new Date('2026-11-04T04:01:00+05:30'));
    await runner.runDue();
    expect((await statusOf(yesterday.id)).status).toBe('post');
  });
});
