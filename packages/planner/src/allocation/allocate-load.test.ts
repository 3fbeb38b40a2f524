import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planDivisions } from '../divisions/plan-divisions';
import { bruteForceAllocation as bruteForce, tinyAllocation } from '../testing/allocation-brute-force';
import { generateInstance, seededRandom } from '../testing/instances';
import { allocateLoad } from './allocate-load';
import type { PlannerTeacher, TeachingUnit } from './types';
import { buildTeachingUnits } from './units';
import { validateAllocation } from './validate-allocation';

/** Units of a 240-student semester's division plan and 30 teachers with random priorities. */
async function realisticSemester(): Promise<{ units: TeachingUnit[]; teachers: PlannerTeacher[] }> {
  const instance = generateInstance({ students: 240, categories: 4, minOptions: 2, maxOptions: 4, seed: 4 });
  const plan = await planDivisions({ ...instance, maxDivisionSize: 60, exact: false });
  const random = seededRandom(99);
  const slugs = instance.subjects.map((s) => s.slug);
  const teachers = Array.from({ length: 30 }, (_, i) => ({
    slug: `t${String(i).padStart(2, '0')}`,
    priorities: slugs.filter(() => random() < 0.3),
  }));
  return { units: buildTeachingUnits(plan, instance.subjects), teachers };
}

describe('allocateLoad', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('matches brute force on tiny instance %i', async (seed) => {
    const input = tinyAllocation(seed);
    const expected = bruteForce(input);
    const result = await allocateLoad({ ...input, timeBudgetMs: 30_000 });
    expect(result.optimal).toBe(true);
    expect(result.report.coveredHours).toBe(expected.covered);
    expect(result.cost).toBeCloseTo(expected.cost, 9);
  });

  it('never exceeds a maximum, only gives ranked subjects and whole units (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), async (seed) => {
        const input = tinyAllocation(seed);
        const random = seededRandom(seed + 1);
        const bigger = {
          ...input,
          teachers: input.teachers.map((t) => ({ ...t, maxHours: Math.floor(random() * 10) })),
        };
        const result = await allocateLoad({ ...bigger, timeBudgetMs: 300 });
        expect(validateAllocation(bigger.units, bigger.teachers, result.assignments)).toEqual([]);
        expect(result.report.coveredHours).toBeLessThanOrEqual(result.coverageBound);
        for (const load of result.teachers) expect(load.total).toBeLessThanOrEqual(load.maxHours);
        const units = new Map(bigger.units.map((u) => [u.id, u]));
        for (const entry of result.assignments) expect(entry.hours).toBe(units.get(entry.unit)?.hours);
        // Every unit is either given once, whole, or listed as unallocated: the hours add up.
        const given = result.assignments.map((entry) => entry.unit);
        expect(new Set(given).size).toBe(given.length);
        expect([...given, ...result.unallocated].sort()).toEqual(bigger.units.map((u) => u.id).sort());
        const unallocatedHours = result.unallocated.reduce((sum, id) => sum + units.get(id)!.hours, 0);
        expect(result.report.totalHours).toBe(bigger.units.reduce((sum, u) => sum + u.hours, 0));
        expect(result.report.coveredHours + unallocatedHours).toBe(result.report.totalHours);
      }),
      { numRuns: 25 },
    );
  });

  it('covers every hour whenever the teachers who ranked each subject have room for it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), fc.boolean(), async (seed, exact) => {
        const input = tinyAllocation(seed);
        const random = seededRandom(seed + 7);
        // One extra teacher per subject with room for all of it, plus the random ones.
        const subjects = [...new Set(input.units.map((u) => u.subject))];
        const teachers = [
          ...input.teachers,
          ...subjects.map((subject) => ({
            slug: `keen-${subject}`,
            priorities: [subject],
            maxHours:
              input.units.filter((u) => u.subject === subject).reduce((sum, u) => sum + u.hours, 0) +
              Math.floor(random() * 3),
          })),
        ];
        const result = await allocateLoad({ units: input.units, teachers, timeBudgetMs: 300, exact });
        expect(result.unallocated).toEqual([]);
        expect(result.report.coveredHours).toBe(result.report.totalHours);
        expect(validateAllocation(input.units, teachers, result.assignments)).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it('keeps every limit without the exact solver (exact: false) and is deterministic', async () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const input = tinyAllocation(seed);
      const first = await allocateLoad({ ...input, exact: false });
      const second = await allocateLoad({ ...input, exact: false });
      expect(first.method).toBe('greedy');
      expect(second.assignments).toEqual(first.assignments);
      expect(validateAllocation(input.units, input.teachers, first.assignments)).toEqual([]);
      const exact = await allocateLoad({ ...input, timeBudgetMs: 5000 });
      expect(first.report.coveredHours).toBeLessThanOrEqual(exact.report.coveredHours);
    }
  });

  it('starts no solver once the clock says the budget is spent, and still returns a valid allocation', async () => {
    const input = tinyAllocation(3);
    let reads = 0;
    // The first read starts the budget; every later one is already 10 s past it.
    const spent = () => (reads++ === 0 ? 0 : 10_000);
    const result = await allocateLoad({ ...input, timeBudgetMs: 1000 }, spent);
    expect(result.method).not.toMatch(/mip/i);
    expect(validateAllocation(input.units, input.teachers, result.assignments)).toEqual([]);
    expect(result.lowerBound).toBeLessThanOrEqual(result.cost);
    expect(result.timeMs).toBe(10_000);
  });

  it('keeps every phase inside the budget on a clock that ticks with each look at it', async () => {
    const { units, teachers } = await realisticSemester();
    let now = 0;
    // 1 ms per look: the phases' loops and the solver callbacks drive the clock, not the machine.
    const ticking = () => (now += 1);
    const result = await allocateLoad({ units, teachers, timeBudgetMs: 400 }, ticking);
    expect(result.timeMs).toBeLessThanOrEqual(400 * 1.1);
    expect(
      validateAllocation(units, teachers, result.assignments).filter((v) => v.severity === 'error'),
    ).toEqual([]);
  });

  it('covers a realistic semester from a division plan and reports ranks and load spread', async () => {
    const instance = generateInstance({
      students: 240,
      categories: 4,
      minOptions: 2,
      maxOptions: 4,
      seed: 4,
    });
    const plan = await planDivisions({ ...instance, maxDivisionSize: 60, timeBudgetMs: 500 });
    const units = buildTeachingUnits(plan, instance.subjects);
    const totalHours = plan.hours.reduce((sum, row) => sum + row.finalTotal, 0);
    expect(units.reduce((sum, u) => sum + u.hours, 0)).toBe(totalHours);
    const random = seededRandom(99);
    const slugs = instance.subjects.map((s) => s.slug);
    const teachers = Array.from({ length: 30 }, (_, i) => ({
      slug: `t${String(i).padStart(2, '0')}`,
      priorities: slugs.filter(() => random() < 0.3),
    }));
    const result = await allocateLoad({ units, teachers, timeBudgetMs: 1500 });
    expect(
      validateAllocation(units, teachers, result.assignments).filter((v) => v.severity === 'error'),
    ).toEqual([]);
    expect(result.report.totalHours).toBe(totalHours);
    expect(result.report.coveredHours).toBeLessThanOrEqual(result.coverageBound);
    expect(result.report.rankShare.reduce((sum, r) => sum + r.share, 0)).toBeCloseTo(1, 9);
    expect(result.unallocated.length).toBe(units.length - result.assignments.length);
  });
});
