import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  DivisionDetail,
  DivisionSuggestion,
  SubjectChoiceGroup,
  SubjectChoiceGroupsResult,
} from '@rollbook/contract';
import {
  auditLog,
  batchStudents,
  batches,
  divisionStudents,
  divisions,
  offeredSubjectBatches,
  semesters,
  timetables,
} from '../../db/schema';
import { buildStudent } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { as } from '../../testing/choices-fixture';
import { buildDivisionsWorld, setChoiceState, type DivisionsWorld } from './testing/divisions-fixture';

const GROUPS = (slug: string) => `/api/manage/get_subject_choice_groups/${slug}`;
const SUGGEST = (slug: string, max: string | number) =>
  `/api/manage/get_division_suggestion/${slug}?max_students=${max}`;
const CONFIRM = '/api/manage/confirm_suggested_divisions/';
const EXCEL = (slug: string, name: string) =>
  `/api/manage/get_division_student_data_excel?semester_slug=${slug}&division_name=${name}`;
const MINE = '/api/manage/get_students_division';

describe('division creation', () => {
  const t = useTestApp();
  let w: DivisionsWorld;
  beforeEach(async () => {
    w = await buildDivisionsWorld(t.db);
  });

  const slugOf = (i: number) => w.students[i]!.student.slug;

  /** Everything a confirm writes, to check that a refused call wrote nothing. */
  async function written() {
    const divisionRows = await t.db.select().from(divisions).where(eq(divisions.semesterId, w.semester.id));
    const ids = divisionRows.map((d) => d.id);
    const batchRows = ids.length
      ? await t.db.select().from(batches).where(inArray(batches.divisionId, ids))
      : [];
    const batchIds = batchRows.map((b) => b.id);
    const [semester] = await t.db.select().from(semesters).where(eq(semesters.id, w.semester.id));
    return {
      divisions: divisionRows,
      members: await t.db
        .select()
        .from(divisionStudents)
        .where(eq(divisionStudents.semesterId, w.semester.id)),
      batches: batchRows,
      batchMembers: batchIds.length
        ? await t.db.select().from(batchStudents).where(inArray(batchStudents.batchId, batchIds))
        : [],
      links: batchIds.length
        ? await t.db
            .select()
            .from(offeredSubjectBatches)
            .where(inArray(offeredSubjectBatches.batchId, batchIds))
        : [],
      timetables: ids.length
        ? await t.db.select().from(timetables).where(inArray(timetables.divisionId, ids))
        : [],
      audits: await t.db.select().from(auditLog).where(eq(auditLog.action, 'divisions.confirm')),
      created: semester!.divisionsCreated,
    };
  }

  async function expectNothingWritten() {
    const now = await written();
    expect(now.divisions).toEqual([]);
    expect(now.members).toEqual([]);
    expect(now.audits).toEqual([]);
    expect(now.created).toBe(false);
  }

  async function suggestion(max: number | string = 6): Promise<DivisionSuggestion> {
    const res = await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, max));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as DivisionSuggestion;
  }

  const confirm = (divisions_data: unknown, who = w.admin, semester_slug = w.semester.slug) =>
    as(t, who, 'POST', CONFIRM, { semester_slug, divisions_data });

  describe('roles and scope', () => {
    it('lets only admins plan and download, and only students read their own division', async () => {
      const plan = {
        divisions: [{ division_name: 'A', total_batches: [], batches: [] }],
        hour_deviations: [],
      };
      for (const who of [w.teacher.profile, w.students[0]!.profile]) {
        expect((await as(t, who, 'GET', GROUPS(w.semester.slug))).status).toBe(403);
        expect((await as(t, who, 'GET', SUGGEST(w.semester.slug, 6))).status).toBe(403);
        expect((await confirm(plan, who)).status).toBe(403);
        expect((await as(t, who, 'GET', EXCEL(w.semester.slug, 'A'))).status).toBe(403);
      }
      expect((await as(t, w.admin, 'GET', MINE)).status).toBe(403);
      expect((await as(t, w.teacher.profile, 'GET', MINE)).status).toBe(403);
      for (const url of [
        GROUPS(w.semester.slug),
        SUGGEST(w.semester.slug, 6),
        EXCEL(w.semester.slug, 'A'),
        MINE,
      ]) {
        expect((await as(t, null, 'GET', url)).status).toBe(401);
      }
      expect(
        (await as(t, null, 'POST', CONFIRM, { semester_slug: w.semester.slug, divisions_data: plan })).status,
      ).toBe(401);
      await expectNothingWritten();
    });

    it('answers 404 for a semester of another branch or institution, writing nothing', async () => {
      const plan = await suggestion();
      for (const who of [w.itAdmin, w.other.admin]) {
        for (const url of [
          GROUPS(w.semester.slug),
          SUGGEST(w.semester.slug, 6),
          EXCEL(w.semester.slug, 'A'),
        ]) {
          const res = await as(t, who, 'GET', url);
          expect(res.status, url).toBe(404);
          expect(res.body.message).toBe('Semester not found');
        }
        const res = await confirm(plan, who);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Semester not found');
      }
      expect((await as(t, w.admin, 'GET', GROUPS('no-such-semester'))).status).toBe(404);
      await expectNothingWritten();
    });
  });

  describe('before planning is possible', () => {
    it('refuses while the choice deadline has not passed, naming it, and writes nothing', async () => {
      const plan = await suggestion();
      await setChoiceState(t.db, w.semester.id, { subjectChoiceDeadline: '2026-11-02' });
      for (const res of [
        await as(t, w.admin, 'GET', GROUPS(w.semester.slug)),
        await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, 6)),
        await confirm(plan),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(
          'The subject choice deadline for BE Computer Engineering - Semester 7 (2 Nov 2026) has not passed yet: divisions can be created once students can no longer change their electives',
        );
      }
      await expectNothingWritten();
    });

    it('refuses while the subjects are unlocked, and writes nothing', async () => {
      const plan = await suggestion();
      await setChoiceState(t.db, w.semester.id, { subjectsLocked: false });
      for (const res of [
        await as(t, w.admin, 'GET', GROUPS(w.semester.slug)),
        await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, 6)),
        await confirm(plan),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toMatch(/^Subjects of BE Computer Engineering - Semester 7 are not locked/);
      }
      await expectNothingWritten();
    });
  });

  describe('subject choice groups', () => {
    it('groups students by identical finalised electives and reports those who have not chosen', async () => {
      const res = await as(t, w.admin, 'GET', GROUPS(w.semester.slug));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as Extract<SubjectChoiceGroupsResult, { subject_groups: unknown }>;
      expect(data.total_students).toBe(12);
      const shape = data.subject_groups.map((g) => ({
        subjects: g.subjects.map((s) => s.subject_name),
        total: g.totalCount,
        available: g.availableCount,
        students: g.students?.map((s) => s.enrollment),
        notChosen: g.electives_not_chosen ?? false,
      }));
      expect(shape).toEqual([
        {
          subjects: expect.arrayContaining(['Machine Learning', 'Data Visualization']) as unknown,
          total: 4,
          available: 4,
          students: ['2607001', '2607002', '2607003', '2607004'],
          notChosen: false,
        },
        {
          subjects: expect.arrayContaining(['Cloud Computing', 'Natural Language Processing']) as unknown,
          total: 3,
          available: 3,
          students: ['2607005', '2607006', '2607007'],
          notChosen: false,
        },
        {
          subjects: expect.arrayContaining(['Machine Learning', 'Natural Language Processing']) as unknown,
          total: 3,
          available: 3,
          students: ['2607008', '2607009', '2607010'],
          notChosen: false,
        },
        { subjects: [], total: 2, available: 2, students: ['2607011', '2607012'], notChosen: true },
      ]);
      const first = data.subject_groups[0]!.students![0]!;
      expect(first).toEqual({
        slug: slugOf(0),
        enrollment: '2607001',
        profile: { name: 'Student 01', email: w.students[0]!.profile.email, role: 'student' },
      });
      // Slugs are opaque, distinct and stable between calls.
      const slugs = data.subject_groups.map((g) => g.slug);
      expect(new Set(slugs).size).toBe(4);
      for (const slug of slugs) expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const again = await as(t, w.admin, 'GET', GROUPS(w.semester.slug));
      expect((again.body.data.subject_groups as SubjectChoiceGroup[]).map((g) => g.slug)).toEqual(slugs);
    });

    it('makes one group of a semester without electives', async () => {
      const res = await as(t, w.admin, 'GET', GROUPS(w.sem5.slug));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.total_students).toBe(1);
      const groups = res.body.data.subject_groups as SubjectChoiceGroup[];
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ subjects: [], totalCount: 1, availableCount: 1 });
      expect(groups[0]!.electives_not_chosen).toBeUndefined();
    });
  });

  describe('suggestion', () => {
    it('refuses a maximum that is not a positive whole number, or that needs more than 26 divisions', async () => {
      for (const [max, message] of [
        ['abc', 'The number of students per division must be a number'],
        ['', 'The number of students per division must be at least 1'],
        ['0', 'The number of students per division must be at least 1'],
        ['-3', 'The number of students per division must be at least 1'],
        ['4.5', 'The number of students per division must be a whole number'],
        ['10001', 'The number of students per division must be at most 10000'],
      ] as const) {
        const res = await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, max));
        expect(res.status, max).toBe(400);
        // The wire name stays the issue's path; the sentence the page shows beside the field is plain.
        expect(res.body.issues, max).toEqual([{ path: 'max_students', message }]);
        expect(res.body.message, max).toContain(message);
      }
      for (let i = 0; i < 15; i++) {
        await buildStudent(t.db, {
          institutionId: w.institution.id,
          branchId: w.ce.id,
          semesterId: w.semester.id,
          enrollment: `2608${String(i).padStart(3, '0')}`,
        });
      }
      const res = await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, 1));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'A maximum of 1 students per division would need 27 divisions for the 27 students of BE Computer Engineering - Semester 7, but divisions are named A to Z: choose at least 2',
      );
      expect(res.body.issues).toEqual([
        {
          path: 'max_students',
          message:
            'The number of students per division must be at least 2 for 27 students: divisions are named A to Z',
        },
      ]);
      expect((await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, 2))).status).toBe(200);
    });

    it('plans the fewest divisions, places every student once within the limit, with batches and hours', async () => {
      const plan = await suggestion(6);
      expect(plan.divisions.map((d) => d.division_name)).toEqual(['A', 'B']);
      const placed = plan.divisions.map((d) => [
        ...new Set(d.batches.flatMap((b) => b.students.map((s) => s.slug))),
      ]);
      expect(placed.flat().sort()).toEqual(w.students.map((s) => s.student.slug).sort());
      for (const [i, division] of plan.divisions.entries()) {
        expect(division.total_student_count).toBe(placed[i]!.length);
        expect(placed[i]!.length).toBeLessThanOrEqual(6);
        const core = division.batches.filter((b) => b.batch_name === `${division.division_name}1`);
        expect(core).toHaveLength(1);
        expect(core[0]!.students).toHaveLength(placed[i]!.length);
        expect(division.total_batches).toEqual(division.batches.map((b) => b.batch_name));
      }
      // One row per subject, core included: final = initial × divisions (theory, tutorial) or × lab batches.
      const row = (name: string) => plan.hour_deviations.find((r) => r.subject_name === name)!;
      expect(plan.hour_deviations.map((r) => r.subject_name).sort()).toEqual([
        'Cloud Computing',
        'Data Visualization',
        'Machine Learning',
        'Natural Language Processing',
        'Operating Systems',
      ]);
      expect(row('Operating Systems')).toEqual({
        subject_name: 'Operating Systems',
        total_divisions: 2,
        initial_theory_hours: 3,
        initial_tutorial: 1,
        initial_practical_hours: 2,
        final_theory_hours: 6,
        final_tutorial_hours: 2,
        final_practical_hours: 4,
      });
      for (const r of plan.hour_deviations) {
        expect(r.final_theory_hours).toBe(r.initial_theory_hours * r.total_divisions);
        expect(r.final_tutorial_hours).toBe(r.initial_tutorial * r.total_divisions);
      }
      // ML is chosen by 7 students: it cannot fit one division of 6, so it is taught in both.
      expect(row('Machine Learning').total_divisions).toBe(2);
      // Plan quality: hours add up from the overview's theory and tutorial rows plus practical once
      // per division, the bound never exceeds them, and the gap is what they say.
      const quality = plan.plan_quality!;
      expect(quality.lower_bound).toBeLessThanOrEqual(quality.teaching_hours);
      expect(quality.gap).toBeCloseTo(
        (quality.teaching_hours - quality.lower_bound) / quality.teaching_hours,
        9,
      );
      expect(quality.optimal).toBe(quality.gap === 0);
      expect(Number.isInteger(quality.planning_ms) && quality.planning_ms >= 0).toBe(true);
      // The same input gives the same plan (only the measured planning time may differ).
      const again = await suggestion(6);
      const withoutTime = (p: typeof plan) => ({
        ...p,
        plan_quality: { ...p.plan_quality!, planning_ms: 0 },
      });
      expect(withoutTime(again)).toEqual(withoutTime(plan));
    });

    it('documents the hours formula in the API documentation', async () => {
      const res = await as(t, null, 'GET', '/api/docs/json');
      expect(res.status).toBe(200);
      const doc = res.body.paths['/api/manage/get_division_suggestion/{semester_slug}'].get as {
        description: string;
      };
      expect(doc.description).toContain('final_theory_hours = L × k_s');
      expect(doc.description).toContain('final_tutorial_hours = T × k_s');
      expect(doc.description).toContain(
        'final_practical_hours = P × the number of lab batches taking the subject',
      );
    });

    it('refuses once divisions exist', async () => {
      expect((await confirm(await suggestion())).status).toBe(200);
      const res = await as(t, w.admin, 'GET', SUGGEST(w.semester.slug, 6));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Divisions of BE Computer Engineering - Semester 7 are already created');
    });
  });

  describe('confirm', () => {
    it('stores the plan in one go: every student once, batches, subject links, a timetable per division, audit', async () => {
      const plan = await suggestion(6);
      const res = await confirm(plan);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ data: true, error: false, message: null });

      const stored = await written();
      expect(stored.created).toBe(true);
      expect(stored.divisions.map((d) => d.name)).toEqual(['A', 'B']);
      expect(stored.members).toHaveLength(12);
      expect(new Set(stored.members.map((m) => m.studentId)).size).toBe(12);
      expect(stored.timetables.map((tt) => tt.divisionId).sort()).toEqual(
        stored.divisions.map((d) => d.id).sort(),
      );
      const planned = plan.divisions.flatMap((d) =>
        d.batches.map((b) => `${d.division_name}:${b.batch_name}`),
      );
      const nameOf = new Map(stored.divisions.map((d) => [d.id, d.name]));
      expect(stored.batches.map((b) => `${nameOf.get(b.divisionId)}:${b.name}`).sort()).toEqual(
        planned.sort(),
      );
      for (const batch of stored.batches) {
        const isCore = /^[AB]\d+$/.test(batch.name);
        expect(batch.kind).toBe(isCore ? 'core' : 'elective');
        if (!isCore) expect(batch.offeredSubjectId).not.toBeNull();
      }
      // Every student sits in exactly one core batch.
      const coreIds = new Set(stored.batches.filter((b) => b.kind === 'core').map((b) => b.id));
      const coreMembers = stored.batchMembers.filter((m) => coreIds.has(m.batchId)).map((m) => m.studentId);
      expect(coreMembers.sort()).toEqual(stored.members.map((m) => m.studentId).sort());
      // Operating Systems (core) is taken by every core batch.
      const osBatches = stored.links
        .filter((l) => l.offeredSubjectId === w.subjects.os.id)
        .map((l) => l.batchId);
      expect(osBatches.sort()).toEqual([...coreIds].sort());
      expect(stored.audits).toHaveLength(1);
      expect(stored.audits[0]).toMatchObject({ entitySlug: w.semester.slug, actorProfileId: w.admin.id });
      expect(stored.audits[0]!.detail).toMatchObject({ divisions: ['A', 'B'], students: 12 });

      const groups = await as(t, w.admin, 'GET', GROUPS(w.semester.slug));
      const shown = groups.body.data.divisions as DivisionDetail[];
      expect(shown.map((d) => d.division_name)).toEqual(['A', 'B']);
      expect(shown.map((d) => d.batches.map((b) => b.students.map((s) => s.slug)))).toEqual(
        plan.divisions.map((d) => d.batches.map((b) => b.students.map((s) => s.slug))),
      );
    });

    it('refuses a second confirm with a clear message and changes nothing', async () => {
      const plan = await suggestion(6);
      expect((await confirm(plan)).status).toBe(200);
      const before = await written();
      const swapped = structuredClone(plan);
      swapped.divisions.reverse();
      const res = await confirm(swapped);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'Divisions of BE Computer Engineering - Semester 7 are already created; they cannot be created again',
      );
      expect(await written()).toEqual(before);
    });

    it('refuses a plan missing a student, listing a student twice, or with foreign or unknown students', async () => {
      const plan = await suggestion(6);
      const missing = structuredClone(plan);
      const gone = missing.divisions[1]!.batches[0]!.students.pop()!;
      for (const batch of missing.divisions[1]!.batches)
        batch.students = batch.students.filter((s) => s.slug !== gone.slug);
      let res = await confirm(missing);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        `1 student of the semester is in no division: ${gone.profile.name} (${gone.enrollment})`,
      );

      const twice = structuredClone(plan);
      const moved = twice.divisions[0]!.batches[0]!.students[0]!;
      twice.divisions[1]!.batches[0]!.students.push(moved);
      res = await confirm(twice);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        `1 student is in more than one division: ${moved.profile.name} (${moved.enrollment}) in A and B`,
      );

      const foreign = structuredClone(plan);
      const stranger = {
        slug: w.sem5Student.student.slug,
        enrollment: '2805001',
        profile: { name: 'Fifth Semester' },
      };
      const outsider = { slug: w.other.student.student.slug, enrollment: 'x', profile: { name: 'x' } };
      const invented = { slug: 'no-such-student', enrollment: 'y', profile: { name: 'y' } };
      foreign.divisions[0]!.batches[0]!.students.push(stranger, outsider, invented);
      res = await confirm(foreign);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        `3 students listed are not in this semester: ${stranger.slug}, ${outsider.slug}, no-such-student`,
      );
      expect(res.body.message).toMatch(/^The divisions were not saved: /);
      await expectNothingWritten();
    });

    it('refuses bad division and batch names and batches that break the electives', async () => {
      const plan = await suggestion(6);
      const renamed = structuredClone(plan);
      renamed.divisions[1]!.division_name = 'A';
      let res = await confirm(renamed);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('Division A is listed 2 times');

      const lower = structuredClone(plan);
      lower.divisions[0]!.division_name = 'div-1';
      res = await confirm(lower);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('"div-1" cannot name a division: use one capital letter (A to Z)');

      const oddBatch = structuredClone(plan);
      oddBatch.divisions[0]!.batches[0]!.batch_name = 'Lab-X';
      res = await confirm(oddBatch);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        'Batch "Lab-X" of division A is neither one of its core batches (A1, A2, …)',
      );

      // Someone who did not choose Machine Learning put into an ML batch.
      const wrongElective = structuredClone(plan);
      const division = wrongElective.divisions.find((d) =>
        d.batches.some((b) => b.batch_name.startsWith('ML')),
      );
      expect(division, 'the suggestion has an ML batch in a mixed division').toBeDefined();
      const mlBatch = division!.batches.find((b) => b.batch_name.startsWith('ML'))!;
      const nonTaker = division!.batches[0]!.students.find(
        (s) => !mlBatch.students.some((m) => m.slug === s.slug),
      )!;
      mlBatch.students.push(nonTaker);
      res = await confirm(wrongElective);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        `Batch ${mlBatch.batch_name} of division ${division!.division_name} is for Machine Learning, which ${nonTaker.profile.name} (${nonTaker.enrollment}) did not choose`,
      );
      await expectNothingWritten();
    });

    it('confirms a manual plan with core batches only, cutting the elective batches mixed divisions need', async () => {
      const student = (i: number) => ({
        slug: slugOf(i),
        enrollment: w.students[i]!.student.enrollment,
        profile: { name: `Student ${i + 1}` },
      });
      const manual = {
        divisions: [
          {
            division_name: 'A',
            total_batches: ['A1'],
            batches: [{ batch_name: 'A1', students: [0, 1, 2, 3, 10].map(student) }],
          },
          {
            division_name: 'B',
            total_batches: ['B1'],
            batches: [{ batch_name: 'B1', students: [4, 5, 6, 7, 8, 9, 11].map(student) }],
          },
        ],
        hour_deviations: [],
      };
      const res = await confirm(manual);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const groups = await as(t, w.admin, 'GET', GROUPS(w.semester.slug));
      const [a, b] = groups.body.data.divisions as DivisionDetail[];
      const enrollments = (d: DivisionDetail, batch: string) =>
        d.batches.find((x) => x.batch_name === batch)?.students.map((s) => s.enrollment);
      // A mixes ML+DV takers with a student who chose nothing: ML and DV get their own batches.
      expect(a!.total_batches).toEqual(['A1', 'ML1', 'DV1']);
      expect(enrollments(a!, 'ML1')).toEqual(['2607001', '2607002', '2607003', '2607004']);
      // B: CC+NLP and ML+NLP takers and one student without choices.
      expect(b!.total_batches).toEqual(['B1', 'ML1', 'CC1', 'NLP1']);
      expect(enrollments(b!, 'NLP1')).toEqual([
        '2607005',
        '2607006',
        '2607007',
        '2607008',
        '2607009',
        '2607010',
      ]);
      expect(b!.total_student_count).toBe(7);
    });
  });

  describe('division spreadsheet', () => {
    it("lists a division's students with their batches and electives", async () => {
      const plan = await suggestion(6);
      expect((await confirm(plan)).status).toBe(200);
      const res = await as(t, w.admin, 'GET', EXCEL(w.semester.slug, 'A'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.file_name).toBe('division_A_BE_semester_7.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(
        Buffer.from(res.body.data.file_content as string, 'base64') as unknown as ArrayBuffer,
      );
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Division A');
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      expect(values(1)).toEqual(['Enrollment', 'Student', 'Email', 'Batch', 'Elective batches', 'Electives']);
      const a = plan.divisions[0]!;
      const members = [
        ...new Map(a.batches.flatMap((b) => b.students).map((s) => [s.slug, s])).values(),
      ].sort((x, y) => x.enrollment.localeCompare(y.enrollment));
      expect(sheet.rowCount).toBe(members.length + 1);
      members.forEach((s, i) => {
        const row = values(i + 2);
        expect(row[0]).toBe(s.enrollment);
        expect(row[1]).toBe(s.profile.name);
        expect(row[3]).toBe('A1');
      });
      const notChosen = members.find((s) => s.enrollment === '2607011' || s.enrollment === '2607012');
      if (notChosen) {
        const row = values(members.indexOf(notChosen) + 2);
        expect(row[5]).toBe('Not chosen');
      }
      const unknown = await as(t, w.admin, 'GET', EXCEL(w.semester.slug, 'Z'));
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Division not found');
    });
  });

  describe("the student's own division", () => {
    it('is a 404 with a clear message until divisions exist, then the division with its batches', async () => {
      const me = w.students[4]!;
      let res = await as(t, me.profile, 'GET', MINE);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('You have not been placed in a division yet');

      const plan = await suggestion(6);
      expect((await confirm(plan)).status).toBe(200);
      res = await as(t, me.profile, 'GET', MINE);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const division = res.body.data as DivisionDetail;
      const expected = plan.divisions.find((d) =>
        d.batches.some((b) => b.students.some((s) => s.slug === me.student.slug)),
      )!;
      expect(division.division_name).toBe(expected.division_name);
      expect(division.total_batches).toEqual(expected.total_batches);
      expect(division.batches.map((b) => b.students.map((s) => s.slug))).toEqual(
        expected.batches.map((b) => b.students.map((s) => s.slug)),
      );
      // Classmates come with name and enrolment (§11.3), never their email addresses.
      const classmates = division.batches.flatMap((b) => b.students);
      expect(classmates.length).toBeGreaterThan(1);
      for (const classmate of classmates) {
        expect(classmate.profile).toEqual({ name: expect.any(String), role: 'student' });
        expect(classmate.enrollment).toMatch(/\S/);
      }
      expect(JSON.stringify(res.body)).not.toContain('@');
      // A student of another semester is still not placed.
      res = await as(t, w.sem5Student.profile, 'GET', MINE);
      expect(res.status).toBe(404);
    });
  });
});
