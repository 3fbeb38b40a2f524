import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllocationContext, AllocationRow } from '@rollbook/contract';
import {
  auditLog,
  batches,
  profiles,
  semesters,
  subjectChoices,
  teacherAllocations,
  teachers,
} from '../../db/schema';
import { buildSemester, buildTeacher } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { as } from '../../testing/choices-fixture';
import {
  buildAllocationWorld,
  fullPlan as fullPlanOf,
  offer,
  saveChoices,
  semesterConfirmed,
  type AllocationWorld,
} from '../../testing/allocation-fixture';
import { editMap, type Edits } from '../../testing/allocation-edit-map';

const CONTEXT = '/api/manage/get_subject_allocation_context';
const RESET = '/api/manage/rest_subject_allocation_context/';
const CONFIRM = '/api/manage/confirm_subject_allocation/';
const MINE = '/api/manage/get_teachers_allocation';
const EXCEL = '/api/allocation/get_allocation_excel';
const MAX = '/api/allocation/set_teacher_max_hours/';

describe('teacher load allocation', () => {
  const t = useTestApp();
  let w: AllocationWorld;
  beforeEach(async () => {
    w = await buildAllocationWorld(t.db);
  });

  const slugs = () => ({
    asha: w.teachers.asha.teacher.slug,
    bharat: w.teachers.bharat.teacher.slug,
    chetan: w.teachers.chetan.teacher.slug,
  });

  const fullPlan = (): Edits => fullPlanOf(w);

  async function context(who = w.admin): Promise<AllocationContext> {
    const res = await as(t, who, 'GET', CONTEXT);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as AllocationContext;
  }

  const rowOf = (c: AllocationContext, code: string): AllocationRow => {
    const row = [
      ...c.subject_to_teacher_map.instant_allocations,
      ...c.subject_to_teacher_map.separate_allocations,
    ].find((r) => r.subject.subject_code === code);
    if (!row) throw new Error(`no row for ${code}`);
    return row;
  };

  const storedRows = () => t.db.select().from(teacherAllocations);

  describe('roles and scope', () => {
    it('lets only admins use the admin calls and only teachers read their load', async () => {
      const teacher = w.teachers.asha.profile;
      const student = w.students[0]!.profile;
      for (const who of [teacher, student]) {
        expect((await as(t, who, 'GET', CONTEXT)).status).toBe(403);
        expect((await as(t, who, 'POST', RESET)).status).toBe(403);
        expect((await as(t, who, 'POST', CONFIRM, { subject_to_teacher_map: {} })).status).toBe(403);
        expect((await as(t, who, 'GET', EXCEL)).status).toBe(403);
        expect((await as(t, who, 'POST', MAX, { teacher_slug: 'x', max_hours: 10 })).status).toBe(403);
      }
      expect((await as(t, w.admin, 'GET', MINE)).status).toBe(403);
      expect((await as(t, student, 'GET', MINE)).status).toBe(403);
      expect((await as(t, null, 'GET', CONTEXT)).status).toBe(401);
      expect((await as(t, null, 'GET', MINE)).status).toBe(401);
    });

    it("shows an admin only their branches' planned semesters", async () => {
      const itView = await context(w.itAdmin);
      expect(itView.subject_to_teacher_map.instant_allocations).toEqual([]);
      expect(itView.subject_to_teacher_map.separate_allocations).toEqual([]);
      expect(Object.keys(itView.teacher_to_subject_map[0])).toEqual([]);
      const other = await context(w.other.admin);
      const codes = other.subject_to_teacher_map.instant_allocations.map((r) => r.subject.slug);
      expect(codes).toEqual([w.other.subject.slug]);
      expect(Object.keys(other.teacher_to_subject_map[0])).toEqual([w.other.teacher.teacher.slug]);
    });

    it('answers 404 for subjects and teachers outside the admin’s allocation, writing nothing', async () => {
      const c = await context();
      const before = await storedRows();
      const foreignTeacher = editMap(c, { '350701': { theory: [[w.other.teacher.teacher.slug, 3]] } });
      let res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: foreignTeacher });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Teacher not found');
      const unknownTeacher = editMap(c, { '350701': { theory: [['no-such-teacher', 3]] } });
      res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: unknownTeacher });
      expect(res.status).toBe(404);

      const foreignSubject = structuredClone(c.subject_to_teacher_map);
      const row = foreignSubject.instant_allocations[0]!;
      row.subject = {
        ...row.subject,
        slug: w.other.subject.slug,
        subject_map: { ...row.subject.subject_map, slug: w.other.subject.slug },
      };
      res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: foreignSubject });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Subject not found');
      // The CE admin's subjects are foreign to the IT admin.
      res = await as(t, w.itAdmin, 'POST', CONFIRM, { subject_to_teacher_map: c.subject_to_teacher_map });
      expect(res.status).toBe(409);
      expect(await storedRows()).toEqual(before);
      expect(await semesterConfirmed(t.db, w.semester.id)).toBe(false);
    });
  });

  describe('the proposal', () => {
    it('covers every hour of the real divisions and batches within every maximum, from ranked subjects only', async () => {
      const c = await context();
      const map = c.subject_to_teacher_map;
      expect(map.instant_allocations.map((r) => r.subject.subject_name)).toEqual([
        'Operating Systems',
        'Machine Learning',
        'Cloud Computing',
      ]);
      expect(map.separate_allocations.map((r) => r.subject.subject_name)).toEqual(['Mini Project']);
      const os = rowOf(c, '350701');
      expect(os.subject.subject_map.slug).toBe(os.subject.slug);
      expect(Object.keys(os.teacher_allocation).sort()).toEqual(['lab', 'theory', 'tutorial']);
      expect(os.teacher_allocation.theory?.total_hours).toBe(6);
      expect(os.teacher_allocation.tutorial?.total_hours).toBe(2);
      expect(os.teacher_allocation.lab?.total_hours).toBe(8);
      // Electives only where students chose them: ML in A (one division), CC in B.
      expect(rowOf(c, '350711').teacher_allocation.theory?.total_hours).toBe(3);
      expect(rowOf(c, '350711').teacher_allocation.lab?.total_hours).toBe(4);
      expect(Object.keys(rowOf(c, '350790').teacher_allocation)).toEqual(['practical']);
      expect(rowOf(c, '350790').teacher_allocation.practical?.total_hours).toBe(16);
      expect(map.stats).toMatchObject({
        total_subject_hours_instant_allocation: 30,
        total_subject_hours_separate_allocation: 16,
        unallocated_subject_hours_instant_allocation: 0,
        unallocated_subject_hours_serparate_allocation: 0,
        total_teacher_hours_instant_allocation: 72,
        unallocated_teacher_hours_instant_allocation: 72 - 46,
      });

      const ranked: Record<string, string[]> = {
        [w.teachers.asha.teacher.slug]: ['350701', '350711'],
        [w.teachers.bharat.teacher.slug]: ['350701', '350712', '350790'],
        [w.teachers.chetan.teacher.slug]: ['350790'],
      };
      for (const row of [...map.instant_allocations, ...map.separate_allocations]) {
        for (const kind of Object.values(row.teacher_allocation)) {
          expect(kind.remaining_hours).toBe(0);
          expect(kind.allocation_done).toBe(kind.total_hours);
          for (const entry of kind.teachers) {
            expect(ranked[entry.teacher.slug]).toContain(row.subject.subject_code);
            if (row.teacher_allocation.lab === kind || row.teacher_allocation.practical === kind) {
              expect(entry.hours % 2).toBe(0);
            }
          }
        }
      }
      const loads = c.teacher_to_subject_map[0];
      expect(Object.keys(loads)).toHaveLength(4);
      let total = 0;
      for (const load of Object.values(loads)) {
        const mine =
          load.total_theory_hours +
          load.total_lab_hours +
          load.total_tutorial_hours +
          load.total_practical_sub_hours;
        total += mine;
        expect(load.max_hours).toBe(18);
        expect(load.max_hours_is_default).toBe(true);
        expect(load.initial_theory_hour).toBe(18);
        expect(load.total_hours_left).toBe(18 - mine);
        expect(mine).toBeLessThanOrEqual(18);
        for (const listed of [load.theory, load.lab, load.tutorial, load.practical]) {
          for (const entry of Object.values(listed ?? {})) {
            const rank = ranked[load.teacher.slug]!.indexOf(entry.subject.subject_code) + 1;
            expect(entry.subject.priority).toBe(rank);
          }
        }
      }
      expect(total).toBe(46);
      const idle = loads[w.teachers.idle.teacher.slug]!;
      expect(idle.theory).toBeNull();
      expect(idle.total_hours_left).toBe(18);
    });

    it('is stored once and served again until reset', async () => {
      const first = await context();
      const rows = await storedRows();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.status === 'proposed')).toBe(true);
      expect(await context()).toEqual(first);
      const proposals = await t.db.select().from(auditLog).where(eq(auditLog.action, 'allocation.propose'));
      expect(proposals).toHaveLength(1);
    });

    it('remembers an empty proposal instead of solving again on every load, until reset', async () => {
      // Nobody ranked anything, so the solver allocates nothing and no row is stored.
      await t.db.delete(subjectChoices).where(eq(subjectChoices.kind, 'teacher'));
      const proposals = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'allocation.propose'));
      const first = await context();
      expect(first.subject_to_teacher_map.stats.unallocated_subject_hours_instant_allocation).toBe(30);
      expect(await context()).toEqual(first);
      expect(await storedRows()).toEqual([]);
      expect(await proposals()).toHaveLength(1);
      expect((await as(t, w.admin, 'POST', RESET)).status).toBe(200);
      await context();
      expect(await proposals()).toHaveLength(2);
    });

    it("ranks subjects by the teachers' picks of the planned semesters only", async () => {
      const old = await buildSemester(t.db, {
        institutionId: w.institution.id,
        streamId: w.semester.streamId,
        no: 5,
        academicYear: '2025-26',
        isActive: false,
      });
      const oldSubjects = await offer(t.db, w.institution.id, old.id, [
        { code: '350501', name: 'Old One', L: 3, T: 0, P: 0, elective: false },
        { code: '350502', name: 'Old Two', L: 3, T: 0, P: 0, elective: false },
      ]);
      const { asha } = w.teachers;
      await saveChoices(t.db, asha.profile.id, old.id, 'teacher', [
        oldSubjects['350501']!.id,
        oldSubjects['350502']!.id,
      ]);
      const load = (await context()).teacher_to_subject_map[0][asha.teacher.slug]!;
      const ranks = new Map(
        (['theory', 'lab', 'tutorial', 'practical'] as const).flatMap((kind) =>
          Object.values(load[kind] ?? {}).map((e) => [e.subject.subject_code, e.subject.priority]),
        ),
      );
      // Asha saved OS then ML for this semester: ranks 1 and 2, whatever she picked years ago.
      expect(ranks.get('350701')).toBe(1);
      expect(ranks.get('350711')).toBe(2);
    });

    it("sends a weekly maximum only for teachers of the admin's branches", async () => {
      const itTeacher = await buildTeacher(t.db, {
        institutionId: w.institution.id,
        branchId: w.it.id,
        name: 'Irfan IT',
        teacherCode: 'IT1',
      });
      await saveChoices(t.db, itTeacher.profile.id, w.semester.id, 'teacher', [w.subjects.os.id]);
      const loads = (await context()).teacher_to_subject_map[0];
      const visitor = loads[itTeacher.teacher.slug]!;
      expect(visitor).toBeDefined();
      expect(visitor).not.toHaveProperty('max_hours');
      expect(visitor).not.toHaveProperty('max_hours_is_default');
      expect(loads[w.teachers.asha.teacher.slug]!.max_hours).toBe(18);
    });

    it('gives each teacher no more than an admin-set maximum, and refuses a maximum below confirmed load', async () => {
      const chetan = w.teachers.chetan.teacher.slug;
      await context();
      let res = await as(t, w.admin, 'POST', MAX, { teacher_slug: chetan, max_hours: 6 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ teacher_slug: chetan, max_hours: 6, max_hours_is_default: false });
      const c = await context();
      const load = c.teacher_to_subject_map[0][chetan]!;
      expect(load.max_hours).toBe(6);
      expect(load.max_hours_is_default).toBe(false);
      expect(load.total_practical_sub_hours).toBeLessThanOrEqual(6);
      // Bharat takes the rest of Mini Project where his maximum allows.
      expect(rowOf(c, '350790').teacher_allocation.practical?.teachers.map((e) => e.teacher.slug)).toContain(
        w.teachers.bharat.teacher.slug,
      );

      res = await as(t, w.admin, 'POST', MAX, { teacher_slug: chetan, max_hours: 2.5 });
      expect(res.status).toBe(400);
      res = await as(t, w.admin, 'POST', MAX, { teacher_slug: w.other.teacher.teacher.slug, max_hours: 10 });
      expect(res.status).toBe(404);

      expect(
        (
          await as(t, w.admin, 'POST', CONFIRM, {
            subject_to_teacher_map: editMap(await context(), {
              ...fullPlan(),
              '350790': {
                practical: [
                  [chetan, 6],
                  [w.teachers.bharat.teacher.slug, 4],
                ],
              },
            }),
          })
        ).status,
      ).toBe(200);
      res = await as(t, w.admin, 'POST', MAX, { teacher_slug: chetan, max_hours: 4 });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('already has 6 h of confirmed load');
      res = await as(t, w.admin, 'POST', MAX, { teacher_slug: chetan, max_hours: null });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ teacher_slug: chetan, max_hours: 18, max_hours_is_default: true });
      const [row] = await t.db.select().from(teachers).where(eq(teachers.slug, chetan));
      expect(row?.maxWeeklyHours).toBeNull();
    });
  });

  describe('confirm', () => {
    it('saves the edited allocation, which the page then shows, and the teacher sees their new load', async () => {
      const { asha, bharat, chetan } = slugs();
      const c = await context();
      // The admin moves OS theory hours: Asha 1 h, Bharat 5 h.
      const plan = fullPlan();
      plan['350701']!.theory = [
        [asha, 1],
        [bharat, 5],
      ];
      const res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, plan) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toBe(true);
      expect(await semesterConfirmed(t.db, w.semester.id)).toBe(true);
      const rows = await storedRows();
      expect(rows.every((r) => r.status === 'confirmed')).toBe(true);
      expect(rows.reduce((s, r) => s + r.hours, 0)).toBe(46);
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'allocation.confirm'));
      expect(audits).toHaveLength(1);

      const saved = await context();
      const theory = rowOf(saved, '350701').teacher_allocation.theory!;
      expect(theory.teachers.map((e) => [e.teacher.slug, e.hours])).toEqual([
        [bharat, 5],
        [asha, 1],
      ]);
      expect(saved.teacher_to_subject_map[0][chetan]!.total_practical_sub_hours).toBe(16);
      expect(saved.subject_to_teacher_map.stats.unallocated_subject_hours_instant_allocation).toBe(0);

      const mine = await as(t, w.teachers.asha.profile, 'GET', MINE);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual([
        {
          subject: { slug: w.subjects.os.slug, subject_name: 'Operating Systems' },
          theory: 1,
          practical: 4,
          tutorial: 2,
          other_teachers: [
            {
              teacher: { slug: bharat, profile: { name: 'Bharat Shah' } },
              theory: 5,
              practical: 4,
              tutorial: 0,
            },
          ],
        },
        {
          subject: { slug: w.subjects.ml.slug, subject_name: 'Machine Learning' },
          theory: 3,
          practical: 4,
          tutorial: 0,
          other_teachers: [],
        },
      ]);
      const chetanView = await as(t, w.teachers.chetan.profile, 'GET', MINE);
      expect(chetanView.body.data).toEqual([
        {
          subject: { slug: w.subjects.project.slug, subject_name: 'Mini Project' },
          theory: 0,
          practical: 16,
          tutorial: 0,
          other_teachers: [],
        },
      ]);
      expect((await as(t, w.other.teacher.profile, 'GET', MINE)).body.data).toEqual([]);
    });

    it('refuses with 409, writing nothing, a page loaded before the divisions or semesters changed', async () => {
      const c = await context();
      const before = await storedRows();
      // A batch is added to division A after the page was loaded: OS labs and Mini Project grow.
      await t.db
        .insert(batches)
        .values({ divisionId: w.divisions[0]!.id, name: 'A3', kind: 'core', ordering: 3 });
      let res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, fullPlan()) });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('reload the page');
      expect(await storedRows()).toEqual(before);

      // A page that lists only some of the subjects would drop the others' hours.
      const fresh = await context();
      const proposed = await storedRows();
      const partial = structuredClone(fresh.subject_to_teacher_map);
      partial.separate_allocations = [];
      res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: partial });
      expect(res.status).toBe(409);
      expect(await storedRows()).toEqual(proposed);
      expect(await semesterConfirmed(t.db, w.semester.id)).toBe(false);

      // The page as loaded, untouched, still confirms.
      res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: fresh.subject_to_teacher_map });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });

    it('leaves hours unallocated when the admin takes them away', async () => {
      const c = await context();
      const plan = fullPlan();
      plan['350712'] = { theory: [], lab: [] };
      expect(
        (await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, plan) })).status,
      ).toBe(200);
      const saved = await context();
      const cc = rowOf(saved, '350712').teacher_allocation;
      expect(cc.theory?.remaining_hours).toBe(3);
      expect(cc.lab?.remaining_hours).toBe(4);
      expect(saved.subject_to_teacher_map.stats.unallocated_subject_hours_instant_allocation).toBe(7);
    });

    it('refuses a teacher over their maximum, invented hours and broken lab blocks, each named, and writes nothing', async () => {
      const { asha, bharat, chetan } = slugs();
      const c = await context();
      const before = await storedRows();
      const plan = fullPlan();
      plan['350701'] = {
        theory: [
          [asha, 6],
          [bharat, 2],
        ],
        tutorial: [[asha, 2]],
        lab: [[asha, 8]],
      };
      plan['350711'] = { theory: [[asha, 3]], lab: [[asha, 4]], tutorial: [[asha, 1]] };
      plan['350790'] = { practical: [[chetan, 15]] };
      const res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, plan) });
      expect(res.status).toBe(400);
      const message = res.body.message as string;
      expect(message).toContain('The allocation was not confirmed');
      expect(message).toContain('Operating Systems (350701) has 6 h of theory a week, but 8 h are allocated');
      expect(message).toContain('Machine Learning (350711) has no tutorial hours to allocate');
      expect(message).toContain('Asha Rao (AR) would teach 23 h a week, above their maximum of 18 h');
      expect(await storedRows()).toEqual(before);
      expect(await semesterConfirmed(t.db, w.semester.id)).toBe(false);

      const blocks = fullPlan();
      blocks['350790'] = {
        practical: [
          [chetan, 15],
          [bharat, 1],
        ],
      };
      const res2 = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, blocks) });
      expect(res2.status).toBe(400);
      expect(res2.body.message).toContain(
        "Chetan Mehta's 15 h of practical in Mini Project do not fit its whole 2-hour lab blocks (1 h left over)",
      );
      expect(res2.body.message).toContain("Bharat Shah's 1 h of practical in Mini Project");

      const fractional = fullPlan();
      fractional['350701']!.theory = [
        [asha, 1.5],
        [bharat, 3],
      ];
      const res3 = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, fractional) });
      expect(res3.status).toBe(400);
      expect(res3.body.message).toContain(
        '1.5 h of theory in Operating Systems (350701) is not a whole number of hours',
      );
      expect(await storedRows()).toEqual(before);
    });
  });

  describe('reset', () => {
    it('drops the confirmed allocation and brings back a fresh proposal', async () => {
      const c = await context();
      expect(
        (await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, fullPlan()) })).status,
      ).toBe(200);
      const res = await as(t, w.admin, 'POST', RESET);
      expect(res.status).toBe(200);
      expect(res.body.data).toBe(true);
      expect(await storedRows()).toEqual([]);
      expect(await semesterConfirmed(t.db, w.semester.id)).toBe(false);
      expect((await as(t, w.teachers.asha.profile, 'GET', MINE)).body.data).toEqual([]);
      const again = await context();
      expect(again.subject_to_teacher_map.stats.unallocated_subject_hours_instant_allocation).toBe(0);
      expect((await storedRows()).every((r) => r.status === 'proposed')).toBe(true);
      const resets = await t.db.select().from(auditLog).where(eq(auditLog.action, 'allocation.reset'));
      expect(resets).toHaveLength(1);
    });

    it("does not touch another branch's allocation", async () => {
      await context(w.other.admin);
      const before = await storedRows();
      expect(before.length).toBeGreaterThan(0);
      expect((await as(t, w.admin, 'POST', RESET)).status).toBe(200);
      expect(await storedRows()).toEqual(before);
    });
  });

  describe('past terms', () => {
    const PAST = '2026-27-odd';
    const inTerm = (url: string, term: string) => `${url}?term=${encodeURIComponent(term)}`;

    /** Confirms the CE allocation, then closes its semester as opening the next year does. */
    async function closeConfirmedTerm(): Promise<AllocationContext> {
      const c = await context();
      const res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, fullPlan()) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await t.db.update(semesters).set({ isActive: false }).where(eq(semesters.id, w.semester.id));
      return context();
    }

    it('lists a closed term that kept its allocation and shows it read only, with its spreadsheet', async () => {
      expect((await context()).scope?.terms).toEqual([
        { key: null, label: 'Current: 2026-27, odd semesters' },
      ]);
      const current = await closeConfirmedTerm();
      expect(current.subject_to_teacher_map.instant_allocations).toEqual([]);
      expect(current.scope?.read_only).toBe(false);
      expect(current.scope?.terms).toEqual([
        { key: null, label: 'Current: no planned semesters' },
        { key: PAST, label: '2026-27, odd semesters' },
      ]);

      const before = await storedRows();
      const res = await as(t, w.admin, 'GET', inTerm(CONTEXT, PAST));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const past = res.body.data as AllocationContext;
      expect(past.scope?.read_only).toBe(true);
      expect(past.scope?.semesters.map((s) => [s.slug, s.confirmed])).toEqual([[w.semester.slug, true]]);
      const theory = rowOf(past, '350701').teacher_allocation.theory!;
      expect(theory.remaining_hours).toBe(0);
      expect(theory.teachers.length).toBeGreaterThan(0);
      // Reading a past term solves nothing and writes nothing.
      expect(await storedRows()).toEqual(before);

      const excel = await as(t, w.admin, 'GET', inTerm(EXCEL, PAST));
      expect(excel.status).toBe(200);
      expect(excel.body.data.file_name).toBe('teacher_load_allocation.xlsx');
      // The current allocation has nothing confirmed.
      expect((await as(t, w.admin, 'GET', EXCEL)).status).toBe(409);

      // Reset and confirm act on the current allocation only: the past term keeps its rows.
      expect((await as(t, w.admin, 'POST', RESET)).status).toBe(200);
      expect(await storedRows()).toEqual(before);
    });

    it("answers 404 for a term outside the admin's branches or institution, 400 for a bad key, 403 for others", async () => {
      await closeConfirmedTerm();
      for (const who of [w.itAdmin, w.other.admin]) {
        const res = await as(t, who, 'GET', inTerm(CONTEXT, PAST));
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Term not found');
        expect((await as(t, who, 'GET', inTerm(EXCEL, PAST))).status).toBe(404);
        expect((await context(who)).scope?.terms?.map((term) => term.key)).toEqual([null]);
      }
      const unknown = await as(t, w.admin, 'GET', inTerm(CONTEXT, '2019-20-even'));
      expect(unknown.status).toBe(404);
      const bad = await as(t, w.admin, 'GET', inTerm(CONTEXT, 'last year'));
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('term must be a term key');
      for (const who of [w.teachers.asha.profile, w.students[0]!.profile]) {
        expect((await as(t, who, 'GET', inTerm(CONTEXT, PAST))).status).toBe(403);
      }
    });
  });

  describe('spreadsheet', () => {
    it('is refused until the allocation is confirmed, then lists loads, units and unallocated hours as plain values', async () => {
      let res = await as(t, w.admin, 'GET', EXCEL);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('not confirmed yet');

      // A name that looks like a formula must stay text.
      await t.db
        .update(profiles)
        .set({ name: '=HYPERLINK("http://evil.test","x")' })
        .where(and(eq(profiles.id, w.teachers.chetan.profile.id)));
      const c = await context();
      const plan = fullPlan();
      plan['350712'] = { theory: [], lab: [[w.teachers.bharat.teacher.slug, 2]] };
      expect(
        (await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, plan) })).status,
      ).toBe(200);

      res = await as(t, w.admin, 'GET', EXCEL);
      expect(res.status).toBe(200);
      expect(res.body.data.file_name).toBe('teacher_load_allocation.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(
        Buffer.from(res.body.data.file_content as string, 'base64') as unknown as ArrayBuffer,
      );
      expect(book.worksheets.map((s) => s.name)).toEqual(['Teacher load', 'Allocation', 'Not allocated']);
      const load = book.getWorksheet('Teacher load')!;
      const values = (sheet: ExcelJS.Worksheet) =>
        sheet
          .getSheetValues()
          .slice(1)
          .map((row) => (row as unknown[]).slice(1));
      const loadRows = values(load);
      expect(loadRows[0]).toEqual([
        'Sr. No.',
        'Faculty Name',
        'Teacher code',
        'Allocated Subjects',
        'Th',
        'Pr',
        'Tut',
        'DE',
        'Total',
        'Project',
        'Total with Project',
        'Weekly maximum',
        'Hours left',
        'Fair share',
        'Deviation',
        'Subject switches',
      ]);
      const asha = loadRows.find((r) => r[1] === 'Asha Rao')!;
      // Deviation is the load less the fair share (to 0.1 h); two subjects are one switch.
      const [fair, deviation] = [asha[13] as number, asha[14] as number];
      expect(fair).toBeGreaterThan(0);
      expect(Math.abs(deviation - (16 - fair))).toBeLessThanOrEqual(0.1 + 1e-9);
      expect(asha).toEqual([
        expect.any(Number),
        'Asha Rao',
        'AR',
        'Operating Systems (350701); Machine Learning (350711)',
        6,
        8,
        2,
        0,
        16,
        0,
        16,
        18,
        2,
        fair,
        deviation,
        1,
      ]);
      const evil = loadRows.find((r) => r[2] === 'CM')!;
      expect(evil[1]).toBe('=HYPERLINK("http://evil.test","x")');
      load.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));

      const detail = values(book.getWorksheet('Allocation')!);
      expect(detail[0]).toEqual([
        'Semester',
        'Subject code',
        'Subject',
        'Kind',
        'Division',
        'Batch',
        'Faculty Name',
        'Teacher code',
        'Hours',
      ]);
      expect(detail.slice(1).reduce((s, r) => s + (r[8] as number), 0)).toBe(46 - 5);
      expect(detail).toContainEqual([
        'BE Computer Engineering - Semester 7',
        '350790',
        'Mini Project',
        'Practical',
        'A',
        'A1',
        '=HYPERLINK("http://evil.test","x")',
        'CM',
        4,
      ]);
      const missing = values(book.getWorksheet('Not allocated')!);
      expect(missing.slice(1)).toEqual([
        ['BE Computer Engineering - Semester 7', '350712', 'Cloud Computing', 3, 2, 0],
      ]);
    });
  });
});
