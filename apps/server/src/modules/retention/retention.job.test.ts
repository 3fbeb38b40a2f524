import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { attendances, auditLog, institutions, lectureSessions } from '../../db/schema';
import { createJobRunner } from '../../domain/scheduled-jobs/job-runner';
import { addDays } from '../../lib/week';
import { buildInstitution } from '../../testing/factories';
import { buildLiveWorld, type LiveWorld } from '../../testing/live-fixture';
import { call, useTestApp } from '../../testing/test-app';
import { retentionJob } from './retention.job';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the retention job', () => {
  const t = useTestApp();

  /** A held session of the world's lecture `daysAgo` days before the test clock, with A1's mark. */
  async function markedSession(w: LiveWorld, daysAgo: number, recording: string | null) {
    const at = new Date(t.clock.now().getTime() - daysAgo * DAY_MS);
    const [session] = await t.db
      .insert(lectureSessions)
      .values({
        sessionId: `s-${w.lecture.id}-${daysAgo}`,
        lectureId: w.lecture.id,
        day: addDays('2026-11-02', -daysAgo),
        status: 'post',
        startedAt: at,
        endedAt: new Date(at.getTime() + 3_600_000),
      })
      .returning();
    if (recording) {
      await mkdir(path.join(t.mediaDir, 'recordings'), { recursive: true });
      await writeFile(path.join(t.mediaDir, recording), 'RIFF');
    }
    const [row] = await t.db
      .insert(attendances)
      .values({
        sessionId: session!.id,
        studentId: w.students.a1.student.id,
        isPresent: true,
        markingTime: at,
        latitude: w.room.latitude,
        longitude: w.room.longitude,
        accuracyM: 12,
        gpsDistance: 8.5,
        similarity: 0.91,
        ncc: 0.44,
        magnitude: 3.2,
        euclideanDistance: 0.7,
        verdict: 'present',
        reasons: ['tone heard', 'inside the classroom'],
        recordingPath: recording,
      })
      .returning();
    return row!;
  }

  const rowsOf = (ids: number[]) => t.db.select().from(attendances).where(inArray(attendances.id, ids));

  it('deletes recordings and exact positions past the retention period, keeping verdicts, metrics and distances', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const old = await markedSession(w, 31, 'recordings/old.wav');
    const recent = await markedSession(w, 29, 'recordings/recent.wav');
    // Another college keeps recordings for 90 days: its 31-day-old mark stays whole.
    const other = await buildInstitution(t.db, { recordingRetentionDays: 90 });
    const elsewhere = await markedSession(
      await buildLiveWorld(t.app, t.db, { institutionId: other.id }),
      31,
      'recordings/b.wav',
    );

    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      jobs: [retentionJob(t.mediaDir)],
      onError: (e) => {
        throw e;
      },
    });
    const done = await runner.runDue();
    expect(done.find((r) => r.institutionId === w.world.institutionId)?.summary).toMatchObject({
      cleared: 1,
      recordingsDeleted: 1,
      retentionDays: 30,
    });

    const byId = new Map((await rowsOf([old.id, recent.id, elsewhere.id])).map((r) => [r.id, r]));
    expect(byId.get(old.id)).toMatchObject({
      recordingPath: null,
      latitude: null,
      longitude: null,
      accuracyM: null,
      personalDataClearedAt: t.clock.now(),
      isPresent: true,
      verdict: 'present',
      reasons: ['tone heard', 'inside the classroom'],
      gpsDistance: 8.5,
      similarity: 0.91,
      ncc: 0.44,
      magnitude: 3.2,
      euclideanDistance: 0.7,
    });
    expect(existsSync(path.join(t.mediaDir, 'recordings/old.wav'))).toBe(false);
    for (const kept of [recent, elsewhere]) {
      expect(byId.get(kept.id)).toMatchObject({
        recordingPath: kept.recordingPath,
        latitude: kept.latitude,
        accuracyM: 12,
        personalDataClearedAt: null,
      });
      expect(existsSync(path.join(t.mediaDir, kept.recordingPath!))).toBe(true);
    }
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.personal_data_cleared'));
    expect(entry).toMatchObject({ institutionId: w.world.institutionId, actorProfileId: null });

    // Two nights later the recent mark has aged past 30 days too; today's run is never repeated.
    expect(await runner.runDue()).toEqual([]);
    t.clock.advance(2 * DAY_MS);
    await runner.runDue();
    expect((await rowsOf([recent.id]))[0]).toMatchObject({ latitude: null, recordingPath: null });
    expect(existsSync(path.join(t.mediaDir, 'recordings/recent.wav'))).toBe(false);
  });

  it('follows a shorter retention setting and refuses a recording path outside the media folder', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    await t.db
      .update(institutions)
      .set({ recordingRetentionDays: 7 })
      .where(eq(institutions.id, w.world.institutionId));
    const outside = await markedSession(w, 8, null);
    await t.db
      .update(attendances)
      .set({ recordingPath: '../../etc/passwd' })
      .where(eq(attendances.id, outside.id));
    const errors: unknown[] = [];
    const runner = createJobRunner({
      db: t.db,
      clock: t.clock,
      jobs: [retentionJob(t.mediaDir)],
      onError: (e) => errors.push(e),
    });
    expect(await runner.runDue()).toEqual([]);
    expect(String(errors[0])).toMatch(/outside the media folder/);
    // Rolled back: nothing half cleared.
    expect((await rowsOf([outside.id]))[0]).toMatchObject({
      latitude: w.room.latitude,
      personalDataClearedAt: null,
    });
  });

  it('tells a student how long their recordings and positions are kept', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    await t.db
      .update(institutions)
      .set({ recordingRetentionDays: 14 })
      .where(eq(institutions.id, w.world.institutionId));
    const res = await call(t.app, { method: 'GET', url: '/api/attendance/privacy', token: w.tokens.a1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ recording_retention_days: 14 });
    const teacher = await call(t.app, { method: 'GET', url: '/api/attendance/privacy', token: w.tokens.cst });
    expect(teacher.status).toBe(403);
  });
});
