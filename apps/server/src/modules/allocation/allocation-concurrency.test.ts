import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllocationContext } from '@rollbook/contract';
import { divisions, streams, teacherAllocations } from '../../db/schema';
import { buildSemester } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { as } from '../../testing/choices-fixture';
import {
  buildAllocationWorld,
  fullPlan as fullPlanOf,
  offer,
  saveChoices,
  type AllocationWorld,
} from '../../testing/allocation-fixture';
import { editMap, type Edits } from '../../testing/allocation-edit-map';

const CONTEXT = '/api/manage/get_subject_allocation_context';
const CONFIRM = '/api/manage/confirm_subject_allocation/';
const RESET = '/api/manage/rest_subject_allocation_context/';
const MAX = '/api/allocation/set_teacher_max_hours/';

// Concurrent writes are only truly concurrent on PostgreSQL (CI sets TEST_DATABASE_URL); on PGlite
// the same tests still check that every outcome is one of the serial ones.
describe('allocation writes at the same time', () => {
  const t = useTestApp();
  let w: AllocationWorld;
  beforeEach(async () => {
    w = await buildAllocationWorld(t.db);
  });

  const fullPlan = (): Edits => fullPlanOf(w);

  async function context(who = w.admin): Promise<AllocationContext> {
    const res = await as(t, who, 'GET', CONTEXT);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AllocationContext;
  }

  const confirmedHoursOf = async (teacherId: number) =>
    (await t.db.select().from(teacherAllocations).where(eq(teacherAllocations.teacherId, teacherId)))
      .filter((r) => r.status === 'confirmed')
      .reduce((sum, r) => sum + r.hours, 0);

  /** An IT semester (planned, one division) whose 3-h theory subject Asha (a CE teacher) ranked. */
  async function itSemesterSharingAsha() {
    const [stream] = await t.db
      .insert(streams)
      .values({ institutionId: w.institution.id, branchId: w.it.id, title: 'BE', streamCode: '16' })
      .returning();
    const semester = await buildSemester(t.db, {
      institutionId: w.institution.id,
      streamId: stream!.id,
      no: 7,
      academicYear: '2026-27',
      subjectsLocked: true,
      divisionsCreated: true,
    });
    const offered = await offer(t.db, w.institution.id, semester.id, [
      { code: '160701', name: 'Data Mining', L: 3, T: 0, P: 0, elective: false },
    ]);
    await t.db.insert(divisions).values({ semesterId: semester.id, name: 'A', ordering: 1 });
    await saveChoices(t.db, w.teachers.asha.profile.id, semester.id, 'teacher', [offered['160701']!.id]);
  }

  it('stores one confirmed allocation when the same confirm is sent twice at once', async () => {
    const body = { subject_to_teacher_map: editMap(await context(), fullPlan()) };
    const replies = await Promise.all([
      as(t, w.admin, 'POST', CONFIRM, body),
      as(t, w.admin, 'POST', CONFIRM, body),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.db.select().from(teacherAllocations);
    expect(rows.reduce((sum, r) => sum + r.hours, 0)).toBe(46);
    expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
  });

  it('never lets two confirms of different branches together pass a shared teacher’s maximum', async () => {
    await itSemesterSharingAsha();
    const asha = w.teachers.asha.teacher.slug;
    // CE gives Asha 16 h and IT 3 h: each fits 18 h alone, not both.
    const ceBody = { subject_to_teacher_map: editMap(await context(), fullPlan()) };
    const itBody = {
      subject_to_teacher_map: editMap(await context(w.itAdmin), { '160701': { theory: [[asha, 3]] } }),
    };
    const replies = await Promise.all([
      as(t, w.admin, 'POST', CONFIRM, ceBody),
      as(t, w.itAdmin, 'POST', CONFIRM, itBody),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = replies.find((r) => r.status === 400)!;
    expect(refused.body.message).toContain('Asha Rao (AR) would teach');
    expect(refused.body.message).toContain('already confirmed elsewhere');
    expect(await confirmedHoursOf(w.teachers.asha.teacher.id)).toBeLessThanOrEqual(18);
  });

  it('never lets a maximum change and a confirm together leave a teacher over their maximum', async () => {
    const chetan = w.teachers.chetan;
    const body = { subject_to_teacher_map: editMap(await context(), fullPlan()) };
    const [confirm, max] = await Promise.all([
      as(t, w.admin, 'POST', CONFIRM, body),
      as(t, w.admin, 'POST', MAX, { teacher_slug: chetan.teacher.slug, max_hours: 6 }),
    ]);
    // Either the maximum came first (then the confirm, giving Chetan 16 h, is refused) or the
    // confirm did (then a maximum below his confirmed load is refused).
    if (max.status === 200) {
      expect(confirm.status).toBe(400);
      expect(await confirmedHoursOf(chetan.teacher.id)).toBe(0);
    } else {
      expect(max.status).toBe(409);
      expect(confirm.status).toBe(200);
    }
  });

  it('lets a reset and a confirm sent together end in one of the two serial outcomes', async () => {
    const body = { subject_to_teacher_map: editMap(await context(), fullPlan()) };
    const [confirm, reset] = await Promise.all([
      as(t, w.admin, 'POST', CONFIRM, body),
      as(t, w.admin, 'POST', RESET),
    ]);
    expect(confirm.status).toBe(200);
    expect(reset.status).toBe(200);
    const rows = await t.db.select().from(teacherAllocations);
    const total = rows.reduce((sum, r) => sum + r.hours, 0);
    expect(total === 0 || (total === 46 && rows.every((r) => r.status === 'confirmed'))).toBe(true);
  });
});
