import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planDivisions } from '../divisions/plan-divisions';
import { generateInstance, seededRandom } from '../testing/instances';
import { allocateLoad } from './allocate-load';
import { allocationCost, buildAllocationProblem, fairShare } from './problem';
import type { AllocationInput, PlannerTeacher, TeachingUnit, UnitKind } from './types';
import { buildTeachingUnits } from './units';
import { validateAllocation } from './validate-allocation';

function tinyAllocation(seed: number): AllocationInput {
  const random = seededRandom(seed);
  const subjects = ['os', 'ml', 'cc'];
  const kinds: [UnitKind, number][] = [
    ['theory', 3],
    ['tutorial', 1],
    ['practical', 2],
  ];
  const units: TeachingUnit[] = Array.from({ length: 5 + Math.floor(random() * 2) }, (_, i) => {
    const [kind, hours] = kinds[Math.floor(random() * kinds.length)] as [UnitKind, number];
    return {
      id: `u${i}`,
      subject: subjects[Math.floor(random() * 3)] as string,
      kind,
      division: 'A',
      batch: null,
      hours,
    };
  });
  const teachers: PlannerTeacher[] = ['t1', 't2', 't3'].map((slug) => ({
    slug,
    priorities: subjects.filter(() => random() < 0.7).sort(() => random() - 0.5),
    maxHours: 2 + Math.floor(random() * 6),
  }));
  return { units, teachers };
}

/** Every way to give each unit to one teacher or nobody; best (coverage, then cost). */
function bruteForce(input: AllocationInput): { covered: number; cost: number } {
  const problem = buildAllocationProblem(input);
  const classOf = new Map<string, number>();
  problem.classes.forEach((unitClass, c) => unitClass.units.forEach((unit) => classOf.set(unit.id, c)));
  const choice = input.units.map(() => -1);
  const options: { covered: number; counts: number[][] }[] = [];
  const walk = (u: number): void => {
    if (u === input.units.length) {
      const counts = problem.classes.map(() => problem.teachers.map(() => 0));
      const loads = problem.teachers.map(() => 0);
      let covered = 0;
      for (let i = 0; i < choice.length; i += 1) {
        const t = choice[i] as number;
        if (t < 0) continue;
        const unit = input.units[i] as TeachingUnit;
        const c = classOf.get(unit.id) as number;
        if (!problem.eligible[c]?.includes(t)) return;
        (counts[c] as number[])[t] = ((counts[c] as number[])[t] ?? 0) + 1;
        loads[t] = (loads[t] ?? 0) + unit.hours;
        covered += unit.hours;
      }
      if (loads.some((load, t) => load > (problem.teachers[t]?.maxHours ?? 0))) return;
      options.push({ covered, counts });
      return;
    }
    for (let t = -1; t < problem.teachers.length; t += 1) {
      choice[u] = t;
      walk(u + 1);
    }
  };
  walk(0);
  const covered = Math.max(...options.map((o) => o.covered));
  const share = fairShare(problem, covered);
  const cost = Math.min(
    ...options.filter((o) => o.covered === covered).map((o) => allocationCost(problem, o.counts, share)),
  );
  return { covered, cost };
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
