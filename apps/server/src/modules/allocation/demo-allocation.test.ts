import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AllocationContext } from '@rollbook/contract';
import { auditLog, profiles } from '../../db/schema';
import { truncateAll } from '../../db/reset';
import { seedDemo } from '../../seed/demo';
import { useTestApp } from '../../testing/test-app';
import { as } from '../../testing/choices-fixture';

describe('demo institution', () => {
  const t = useTestApp();

  it('has CE’s allocation confirmed from its timetable, so the demo teacher’s load lists what he teaches', async () => {
    await truncateAll(t.db);
    await seedDemo(t.db, { now: t.clock.now() });
    const teacher = (
      await t.db.select().from(profiles).where(eq(profiles.email, 'teacher@rollbook.test'))
    )[0]!;
    const load = await as(t, teacher, 'GET', '/api/manage/get_teachers_allocation');
    expect(load.status, JSON.stringify(load.body)).toBe(200);
    const subjects = (load.body.data as { subject: { subject_name: string }; theory: number }[]).map(
      (row) => row.subject.subject_name,
    );
    // The demo teacher teaches division A "Information Security" every day of the timetable.
    expect(subjects).toContain('Information Security');
    const admin = (await t.db.select().from(profiles).where(eq(profiles.email, 'admin@rollbook.test')))[0]!;
    const context = await as(t, admin, 'GET', '/api/manage/get_subject_allocation_context');
    expect((context.body.data as AllocationContext).scope?.semesters).toEqual([
      expect.objectContaining({ label: 'BE Computer Engineering - Semester 7', confirmed: true }),
    ]);
  });

  it('has an allocation proposal ready to review for each branch’s planned semester', async () => {
    await truncateAll(t.db);
    await seedDemo(t.db, { now: t.clock.now() });
    const profileOf = async (email: string) =>
      (await t.db.select().from(profiles).where(eq(profiles.email, email)))[0]!;
    // CE's allocation is confirmed in the demo: its proposal comes back after a reset.
    const reset = await as(
      t,
      await profileOf('admin@rollbook.test'),
      'POST',
      '/api/manage/rest_subject_allocation_context/',
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    for (const email of ['admin@rollbook.test', 'admin.it@rollbook.test']) {
      const res = await as(t, await profileOf(email), 'GET', '/api/manage/get_subject_allocation_context');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const context = res.body.data as AllocationContext;
      const { stats, instant_allocations } = context.subject_to_teacher_map;
      expect(instant_allocations.length, email).toBeGreaterThan(0);
      const total =
        stats.total_subject_hours_instant_allocation + stats.total_subject_hours_separate_allocation;
      const left =
        stats.unallocated_subject_hours_instant_allocation +
        stats.unallocated_subject_hours_serparate_allocation;
      expect(total - left, `${email}: hours allocated`).toBeGreaterThan(0);
      // Every subject of the planned semester gets teachers who ranked it.
      for (const row of instant_allocations) {
        expect(row.teacher_allocation.theory?.teachers.length ?? 1, row.subject.subject_name).toBeGreaterThan(
          0,
        );
      }
      for (const load of Object.values(context.teacher_to_subject_map[0])) {
        expect(load.total_hours_left).toBeGreaterThanOrEqual(0);
      }
    }
    const proposals = await t.db.select().from(auditLog).where(eq(auditLog.action, 'allocation.propose'));
    // One proposal per admin, each covering every hour of its semester.
    expect(proposals).toHaveLength(2);
    for (const p of proposals) {
      const detail = p.detail as { coveredHours: number; totalHours: number };
      expect(detail.coveredHours).toBe(detail.totalHours);
    }
  });
});
