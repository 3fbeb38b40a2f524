import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attendances, auditLog, lectureSessions, notifications } from '../../../db/schema';
import { buildAdmin, buildBranch } from '../../../testing/factories';
import { call } from '../../../testing/test-app';
import { tokenFor } from '../../../testing/tokens';
import { startLiveWorld } from '../../../testing/live-fixture';
import { newSessionId } from '../../../domain/lectures/lecture-sessions.repository';

/** Ends a session as the teacher's "End session" does: status `post` with an end time. */
export async function endSession(db: Db, sessionId: string, at: Date) {
  await db
    .update(lectureSessions)
    .set({ status: 'post', endedAt: at })
    .where(eq(lectureSessions.sessionId, sessionId));
}

/**
 * The live world (CST's theory lecture of division A, students a1 and a2; b1 outside it) with its
 * Monday 2 Nov 2026 session started through the API (so every student has an absent row) and
 * ended; plus an admin of another branch of the same institution and their token.
 */
export async function buildHistoryWorld(app: FastifyInstance, db: Db) {
  const w = await startLiveWorld(app, db);
  await endSession(db, w.sessionId, new Date('2026-11-02T04:30:00Z'));
  const elsewhere = await buildBranch(db, { institutionId: w.world.institutionId, code: '16' });
  const otherAdmin = await buildAdmin(db, { institutionId: w.world.institutionId, branchId: elsewhere.id });
  return { ...w, otherBranchAdmin: await tokenFor(app, otherAdmin.profile) };
}

export type HistoryWorld = Awaited<ReturnType<typeof buildHistoryWorld>>;

/** Adds an earlier held (and ended) session of the world's lecture on `day`. */
export async function addHeldSession(db: Db, w: HistoryWorld, day: string) {
  const [row] = await db
    .insert(lectureSessions)
    .values({
      lectureId: w.lecture.id,
      day,
      sessionId: newSessionId(),
      status: 'post',
      startedAt: new Date(`${day}T03:30:00Z`),
      endedAt: new Date(`${day}T04:30:00Z`),
    })
    .returning();
  return row!;
}

/** A JSON call of the API as a browser sends it. */
export function api(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  return call(app, { method, url: `/api${url}`, token, ...(body !== undefined ? { body } : {}) });
}

/** The stored attendance row of a student in a session (by internal ids). */
export async function attendanceOf(db: Db, sessionRowId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(attendances)
    .where(and(eq(attendances.sessionId, sessionRowId), eq(attendances.studentId, studentId)));
  return row;
}

/** Audit entries of one action, oldest first. */
export async function auditOf(db: Db, action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}

/** A profile's alerts. */
export async function alertsOf(db: Db, profileId: number) {
  return db.select().from(notifications).where(eq(notifications.profileId, profileId));
}
