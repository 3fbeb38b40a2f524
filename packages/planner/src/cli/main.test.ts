import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../testing/instances';
import { main } from './main';

describe('planner CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'planner-cli-'));

  it('plans divisions and then allocates load from the plan, JSON in and out', async () => {
    const instance = generateInstance({ students: 80, categories: 2, minOptions: 2, maxOptions: 3, seed: 2 });
    writeFileSync(
      join(dir, 'in.json'),
      JSON.stringify({ ...instance, maxDivisionSize: 40, timeBudgetMs: 400 }),
    );
    expect(await main(['divisions', '--in', join(dir, 'in.json'), '--out', join(dir, 'plan.json')])).toBe(0);
    const plan = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as {
      divisions: { size: number }[];
      gap: number;
      lower_bound: number;
      ms: number;
      objective: { teachingHours: number };
    };
    expect(plan.divisions.reduce((sum, d) => sum + d.size, 0)).toBe(80);
    // The printed claim re-checks: gap = (hours − lower_bound) / hours, bound never above the hours.
    expect(plan.lower_bound).toBeLessThanOrEqual(plan.objective.teachingHours);
    expect(plan.gap).toBeCloseTo(
      (plan.objective.teachingHours - plan.lower_bound) / plan.objective.teachingHours,
      9,
    );
    expect(plan.ms).toBeGreaterThanOrEqual(0);

    const teachers = [{ slug: 't1', priorities: instance.subjects.map((s) => s.slug), maxHours: 40 }];
    writeFileSync(
      join(dir, 'alloc.json'),
      JSON.stringify({ plan, subjects: instance.subjects, teachers, timeBudgetMs: 400 }),
    );
    expect(await main(['allocate', '--in', join(dir, 'alloc.json'), '--out', join(dir, 'out.json')])).toBe(0);
    const allocation = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as {
      report: { coveredHours: number; subjectSwitches: { max: number } };
      teachers: { teacher: string; fairHours: number; deviation: number; subjectSwitches: number }[];
      cost: number;
      gap: number;
      lower_bound: number;
      ms: number;
    };
    expect(allocation.report.coveredHours).toBeGreaterThan(0);
    // The same claim as for divisions: gap = (cost − lower_bound) / cost, the bound never above the cost.
    expect(allocation.lower_bound).toBeLessThanOrEqual(allocation.cost);
    expect(allocation.gap).toBeCloseTo(
      allocation.cost === 0 ? 0 : (allocation.cost - allocation.lower_bound) / allocation.cost,
      9,
    );
    expect(allocation.ms).toBeGreaterThanOrEqual(0);
    expect(allocation.report.coveredHours).toBeLessThanOrEqual(40);
    // The per-teacher figures are in the JSON: the one teacher shares all covered hours, so their
    // fair share is what they teach, and they switch between every subject they were given.
    const [t1] = allocation.teachers;
    expect(t1).toMatchObject({ teacher: 't1', fairHours: allocation.report.coveredHours, deviation: 0 });
    expect(t1?.subjectSwitches).toBe(allocation.report.subjectSwitches.max);
  });

  it('exits with 1 on invalid input and 2 on an unknown command', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ subjects: [], students: [], maxDivisionSize: -1 }));
    expect(await main(['divisions', '--in', join(dir, 'bad.json'), '--out', join(dir, 'x.json')])).toBe(1);
    expect(await main(['nope'])).toBe(2);
  });
});
