import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DivisionDetail, DivisionSuggestion, SubjectChoiceGroup } from '@rollbook/contract';
import { branches, divisionStudents, profiles, semesters, streams, students } from '../../db/schema';
import { truncateAll } from '../../db/reset';
import { seedDemo } from '../../seed/demo';
import { useTestApp } from '../../testing/test-app';
import { as } from '../../testing/choices-fixture';

describe('demo institution', () => {
  const t = useTestApp();

  it('has planner-made divisions in its current semesters and leaves IT BE 7 ready to plan', async () => {
    await truncateAll(t.db);
    await seedDemo(t.db, { now: t.clock.now() });
    // The demo's deadlines are relative to the real date it is seeded on.
    t.clock.set(new Date());
    const profileOf = async (email: string) =>
      (await t.db.select().from(profiles).where(eq(profiles.email, email)))[0]!;
    const semesterOf = async (branchCode: string, no: number) =>
      (
        await t.db
          .select({ id: semesters.id, slug: semesters.slug })
          .from(semesters)
          .innerJoin(streams, eq(streams.id, semesters.streamId))
          .innerJoin(branches, eq(branches.id, streams.branchId))
          .where(and(eq(branches.code, branchCode), eq(streams.title, 'BE'), eq(semesters.no, no)))
      )[0]!;
    const ceAdmin = await profileOf('admin@rollbook.test');
    const itAdmin = await profileOf('admin.it@rollbook.test');

    for (const [admin, code, no] of [
      [ceAdmin, '07', 7],
      [itAdmin, '16', 5],
    ] as const) {
      const semester = await semesterOf(code, no);
      const res = await as(t, admin, 'GET', `/api/manage/get_subject_choice_groups/${semester.slug}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const shown = res.body.data.divisions as DivisionDetail[];
      expect(shown.map((d) => d.division_name)).toEqual(['A', 'B']);
      for (const division of shown) {
        const core = division.total_batches.filter((b) =>
          new RegExp(`^${division.division_name}\\d+$`).test(b),
        );
        expect(core).toEqual([`${division.division_name}1`, `${division.division_name}2`]);
        expect(division.total_student_count).toBe(20);
      }
      const enrolled = await t.db.select().from(students).where(eq(students.semesterId, semester.id));
      const placed = await t.db
        .select()
        .from(divisionStudents)
        .where(eq(divisionStudents.semesterId, semester.id));
      expect(placed.map((p) => p.studentId).sort()).toEqual(enrolled.map((s) => s.id).sort());
    }

    const mine = await as(
      t,
      await profileOf('student@rollbook.test'),
      'GET',
      '/api/manage/get_students_division',
    );
    expect(mine.status).toBe(200);
    const division = mine.body.data as DivisionDetail;
    expect(division.division_name).toBe('A');
    const [me] = await t.db
      .select({ slug: students.slug })
      .from(students)
      .where(eq(students.profileId, (await profileOf('student@rollbook.test')).id));
    const a1 = division.batches.find((b) => b.batch_name === 'A1')!;
    expect(a1.students.some((s) => s.slug === me!.slug)).toBe(true);

    const ready = await semesterOf('16', 7);
    const groups = await as(t, itAdmin, 'GET', `/api/manage/get_subject_choice_groups/${ready.slug}`);
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    expect(groups.body.data.total_students).toBe(20);
    const list = groups.body.data.subject_groups as SubjectChoiceGroup[];
    expect(list.length).toBeGreaterThan(1);
    expect(list.some((g) => g.electives_not_chosen)).toBe(false);
    const suggestion = await as(
      t,
      itAdmin,
      'GET',
      `/api/manage/get_division_suggestion/${ready.slug}?max_students=10`,
    );
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(200);
    expect((suggestion.body.data as DivisionSuggestion).divisions.map((d) => d.division_name)).toEqual([
      'A',
      'B',
    ]);
  });
});
