import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlannerStudent, PlannerSubject } from '../model';
import { bruteForceBest } from '../testing/brute-force';
import { generateInstance, seededRandom } from '../testing/instances';
import { compactMipFirst, modelRows, planDivisions, skipsCompactMip } from './plan-divisions';
import { buildProblem, PlannerInputError } from './problem';
import type { DivisionPlan } from './types';

const subjects: PlannerSubject[] = [
  { slug: 'maths', name: 'Mathematics', L: 3, T: 1, P: 0, elective: false },
  { slug: 'ml', name: 'Machine Learning', L: 3, T: 0, P: 2, elective: true, category: 'a' },
  { slug: 'cc', name: 'Cloud Computing', L: 3, T: 0, P: 2, elective: true, category: 'a' },
  { slug: 'is', name: 'Information Security', L: 4, T: 0, P: 2, elective: true, category: 'b' },
  { slug: 'df', name: 'Digital Forensics', L: 2, T: 1, P: 4, elective: true, category: 'b' },
];

function tinyInstance(seed: number): { students: PlannerStudent[]; max: number } {
  const random = seededRandom(seed);
  const count = 8 + Math.floor(random() * 7);
  const students = Array.from({ length: count }, (_, i) => ({
    slug: `s${i}`,
    enrollment: `E${String(i).padStart(3, '0')}`,
    electives: [random() < 0.5 ? 'ml' : 'cc', random() < 0.6 ? 'is' : 'df'],
  }));
  const divisions = 2 + Math.floor(random() * 2);
  return { students, max: Math.ceil(count / divisions) + Math.floor(random() * 2) };
}

function expectValidPlan(plan: DivisionPlan, students: readonly PlannerStudent[], max: number): void {
  const placed = plan.divisions.flatMap((division) => division.students);
  expect([...placed].sort()).toEqual(students.map((s) => s.slug).sort());
  expect(new Set(placed).size).toBe(placed.length);
  for (const division of plan.divisions) {
    expect(division.size).toBeLessThanOrEqual(max);
    expect(division.parts.flatMap((p) => p.students).length).toBe(division.size);
    const core = division.batches.filter((b) => b.kind === 'core').flatMap((b) => b.students);
    expect([...core].sort()).toEqual([...division.students].sort());
  }
  const sizes = plan.divisions.map((d) => d.size);
  expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(plan.spreadLimit);
  expect(plan.divisions.length).toBe(Math.ceil(students.length / max));
  expect(plan.lowerBound).toBeLessThanOrEqual(plan.objective.teachingHours);
}

describe('planDivisions', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('matches brute force on tiny instance %i', async (seed) => {
    const { students, max } = tinyInstance(seed);
    const best = bruteForceBest(buildProblem(subjects, students, max));
    const plan = await planDivisions({ subjects, students, maxDivisionSize: max, timeBudgetMs: 30_000 });
    expectValidPlan(plan, students, max);
    expect(plan.optimal).toBe(true);
    expect(plan.gap).toBe(0);
    expect(plan.objective.teachingHours).toBe(best?.teachingHours);
    if (plan.method === 'mip') {
      expect([plan.objective.groupSplits, plan.objective.sizeSpread]).toEqual([
        best?.groupSplits,
        best?.sizeSpread,
      ]);
    }
  });

  it('places every student exactly once within the limit (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 12, max: 40 }),
        async (seed, max) => {
          const instance = generateInstance({
            students: 40 + (seed % 60),
            categories: 3,
            minOptions: 2,
            maxOptions: 4,
            seed,
          });
          const plan = await planDivisions({ ...instance, maxDivisionSize: max, timeBudgetMs: 300 });
          expectValidPlan(plan, instance.students, max);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('returns the same plan for the same input, in any input order', async () => {
    const instance = generateInstance({
      students: 70,
      categories: 2,
      minOptions: 2,
      maxOptions: 2,
      seed: 11,
    });
    const first = await planDivisions({ ...instance, maxDivisionSize: 36, timeBudgetMs: 30_000 });
    const second = await planDivisions({
      ...instance,
      students: [...instance.students].reverse(),
      maxDivisionSize: 36,
      timeBudgetMs: 30_000,
    });
    expect(first.optimal).toBe(true);
    expect(second.divisions).toEqual(first.divisions);
    expect(second.hours).toEqual(first.hours);
  });

  it('stays within its budget on a large instance and reports a bound and gap instead', async () => {
    const instance = generateInstance({
      students: 1200,
      categories: 8,
      minOptions: 2,
      maxOptions: 5,
      seed: 5,
    });
    const plan = await planDivisions({ ...instance, maxDivisionSize: 60, timeBudgetMs: 1500 });
    expectValidPlan(plan, instance.students, 60);
    expect(plan.optimal).toBe(false);
    expect(plan.method).toMatch(/time limit|heuristic|lagrangian/);
    expect(plan.gap).toBeCloseTo(
      (plan.objective.teachingHours - plan.lowerBound) / plan.objective.teachingHours,
      10,
    );
    expect(plan.gap).toBeGreaterThan(0);
  });

  it('without the solver (exact: false) still gives a valid plan with an honest bound', async () => {
    const instance = generateInstance({
      students: 300,
      categories: 4,
      minOptions: 2,
      maxOptions: 4,
      seed: 9,
    });
    const plan = await planDivisions({ ...instance, maxDivisionSize: 60, exact: false });
    expectValidPlan(plan, instance.students, 60);
    expect(plan.method).toMatch(/^heuristic/);
    expect(plan.method).not.toMatch(/mip/);
    const again = await planDivisions({ ...instance, maxDivisionSize: 60, exact: false });
    expect(again.divisions).toEqual(plan.divisions);
    // Honest: the bound never exceeds the plan's hours, the gap is measured from it, and the plan
    // claims optimality exactly when there is no gap.
    const hours = plan.objective.teachingHours;
    expect(plan.gap).toBeCloseTo((hours - plan.lowerBound) / hours, 10);
    expect(plan.optimal).toBe(plan.gap === 0);
  });

  it('computes the hours overview from divisions and lab batches', async () => {
    const instance = generateInstance({
      students: 150,
      categories: 2,
      minOptions: 2,
      maxOptions: 3,
      seed: 3,
    });
    const plan = await planDivisions({ ...instance, maxDivisionSize: 50, timeBudgetMs: 500 });
    for (const row of plan.hours) {
      const subject = instance.subjects.find((s) => s.slug === row.subject) as PlannerSubject;
      const taughtIn = plan.divisions.filter(
        (d) => !subject.elective || d.parts.some((p) => p.electives.includes(subject.slug)),
      );
      const batches = taughtIn.reduce((sum, d) => {
        const own = d.batches.filter((b) => b.subject === subject.slug).length;
        return sum + (own > 0 ? own : d.batches.filter((b) => b.kind === 'core').length);
      }, 0);
      expect(row.totalDivisions).toBe(taughtIn.length);
      expect([row.finalTheory, row.finalTutorial, row.finalPractical]).toEqual([
        subject.L * taughtIn.length,
        subject.T * taughtIn.length,
        subject.P * batches,
      ]);
    }
    const teaching = plan.hours.reduce(
      (sum, r) => sum + r.totalDivisions * (r.initialTheory + r.initialTutorial + r.initialPractical),
      0,
    );
    expect(plan.objective.teachingHours).toBe(teaching);
  });

  it('creates elective batches named by initials only in divisions that mix groups', async () => {
    const students = [
      ...Array.from({ length: 30 }, (_, i) => ({
        slug: `a${i}`,
        enrollment: `A${i + 10}`,
        electives: ['ml', 'is'],
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        slug: `b${i}`,
        enrollment: `B${i + 10}`,
        electives: ['cc', 'is'],
      })),
    ];
    const plan = await planDivisions({ subjects, students, maxDivisionSize: 40 });
    const names = plan.divisions[0]?.batches.map((b) => b.name);
    expect(names).toEqual(['A1', 'A2', 'ML1', 'CC1']);
  });

  it('rejects unknown electives, core subjects chosen as electives and a bad limit, listing all', async () => {
    const students = [
      { slug: 'x', enrollment: '1', electives: ['nope'] },
      { slug: 'y', enrollment: '2', electives: ['maths'] },
    ];
    const error = await planDivisions({ subjects, students, maxDivisionSize: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlannerInputError);
    expect((error as PlannerInputError).issues).toHaveLength(3);
  });
});

describe('skipsCompactMip: the path a model takes', () => {
  // The time a 2-s plan can have left when it chooses: its budget less the wrap-up share.
  const defaultLeft = 1_840;

  it('sends a model the default plan cannot read in time to the Lagrangian search, whatever the budget', () => {
    // 1,200 tracked students of the scale bench (44,498 rows): with 60 s the compact MIP used to
    // take it and return the heuristic's start, worse than the 2-s Lagrangian plan.
    expect(skipsCompactMip(44_498, defaultLeft)).toBe(true);
    expect(skipsCompactMip(44_498, 60_000)).toBe(true);
    // 600 tracked students of the divisions bench (5,250 rows) stay on the compact MIP.
    expect(skipsCompactMip(5_250, defaultLeft)).toBe(false);
    expect(skipsCompactMip(5_250, 60_000)).toBe(false);
  });

  it('chooses with a longer budget as with the most the default leaves, and skips more as time runs out', () => {
    for (const rows of [500, 5_000, 12_000, 16_000, 17_000, 60_000, 125_000]) {
      for (const msLeft of [2_500, 10_000, 600_000]) {
        expect(skipsCompactMip(rows, msLeft)).toBe(skipsCompactMip(rows, defaultLeft));
      }
      // Less time left never moves a model back onto the compact MIP.
      let skipped = false;
      for (const msLeft of [defaultLeft, 1_200, 600, 100, 0]) {
        const now = skipsCompactMip(rows, msLeft);
        expect(now || !skipped).toBe(true);
        skipped = now;
      }
    }
    expect(skipsCompactMip(125_000, 600_000)).toBe(true);
    expect(skipsCompactMip(500, 0)).toBe(true);
  });
});

describe('compactMipFirst: small models to the MIP, mid-size ones to the Lagrangian search', () => {
  const semester = (students: number, categories: number, max: number, seed: number) => {
    const instance = generateInstance({
      students,
      categories,
      minOptions: 2,
      maxOptions: 5,
      trackAffinity: 0.6,
      seed,
    });
    return { ...instance, max, problem: buildProblem(instance.subjects, instance.students, max) };
  };

  it('keeps the compact MIP for models it proves in the budget and not beyond', () => {
    // 60 mixed students of the divisions bench shape: 250 rows, proved optimal by the MIP in 0.3 s.
    const small = semester(60, 4, 35, 1007);
    expect(modelRows(small.problem)).toBeLessThanOrEqual(350);
    expect(compactMipFirst(small.problem)).toBe(true);
    // 240 mixed students: thousands of rows, where the MIP stopped at its limit in every run.
    const mid = semester(240, 5, 60, 1009);
    expect(modelRows(mid.problem)).toBeGreaterThan(350);
    expect(compactMipFirst(mid.problem)).toBe(false);
  });

  it('plans a mid-size semester with the Lagrangian search and both starts: a valid plan under its bound', async () => {
    const mid = semester(240, 5, 60, 1009);
    const plan = await planDivisions({
      subjects: mid.subjects,
      students: mid.students,
      maxDivisionSize: mid.max,
    });
    expect(plan.method).toMatch(/^lagrangian|^heuristic \(meets lower bound\)/);
    expect(plan.method).not.toMatch(/mip/);
    expectValidPlan(plan, mid.students, mid.max);
  });
});
