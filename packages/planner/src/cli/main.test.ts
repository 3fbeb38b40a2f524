import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
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

  // Runs the CLI on `text` and returns its exit code, what it wrote to standard error, and whether
  // it wrote a plan.
  const run = async (text: string) => {
    const input = join(dir, 'odd.json');
    const output = join(dir, 'odd-out.json');
    writeFileSync(input, text);
    writeFileSync(output, '');
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const code = await main(['divisions', '--in', input, '--out', output]);
      return { code, message: written.join(''), planned: readFileSync(output, 'utf8') !== '' };
    } finally {
      stderr.mockRestore();
    }
  };
  const valid = {
    subjects: [{ slug: 'core', name: 'Core', L: 3, T: 1, P: 2, elective: false }],
    students: [
      { slug: 'a', enrollment: '1', electives: [] },
      { slug: 'b', enrollment: '2', electives: [] },
      { slug: 'c', enrollment: '3', electives: [] },
    ],
    maxDivisionSize: 2,
  };

  it.each([
    ['{"subjects": [', 'The input is not valid JSON'],
    ['null', 'The input must be a JSON object (got null)'],
    ['[1, 2]', 'The input must be a JSON object (got a list)'],
    [
      JSON.stringify({ ...valid, timeBudgetMs: '2000' }),
      'timeBudgetMs must be a number of milliseconds > 0 (got "2000")',
    ],
    [
      JSON.stringify({ ...valid, timeBudgetMs: -5 }),
      'timeBudgetMs must be a number of milliseconds > 0 (got -5)',
    ],
    [JSON.stringify({ ...valid, divisionNames: ['X', 'X'] }), 'divisionNames repeats X'],
    [JSON.stringify({ ...valid, divisionNames: 'AB' }), 'divisionNames must be a list of non-empty names'],
    [JSON.stringify({ ...valid, divisionNames: ['B'] }), 'division 2 has no name and would be called B too'],
    [JSON.stringify({ ...valid, exact: 'no' }), 'exact must be true or false (got "no")'],
  ])('rejects %s with exit code 1, a message naming the problem and no plan', async (text, message) => {
    const outcome = await run(text);
    expect(outcome.code).toBe(1);
    expect(outcome.message).toContain(message);
    expect(outcome.planned).toBe(false);
  });

  it("leaves an earlier output in place after a failure and says it is not this run's", async () => {
    const outcome = await run(JSON.stringify({ ...valid, maxDivisionSize: 0 }));
    expect(outcome.code).toBe(1);
    expect(outcome.message).toContain(
      `Nothing was written to ${join(dir, 'odd-out.json')}: the file there is from an earlier run.`,
    );
    // Without an earlier file there is nothing to warn about.
    rmSync(join(dir, 'odd-out.json'));
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const fresh = join(dir, 'never-written.json');
      expect(await main(['divisions', '--in', join(dir, 'odd.json'), '--out', fresh])).toBe(1);
      expect(existsSync(fresh)).toBe(false);
      expect(written.join('')).not.toContain('Nothing was written');
    } finally {
      stderr.mockRestore();
    }
  });

  it('writes the plan whole, leaving no partial file beside it', async () => {
    const outcome = await run(JSON.stringify(valid));
    expect(outcome.code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('reads a file that starts with a byte-order mark (as Windows tools save JSON)', async () => {
    const outcome = await run(`\uFEFF${JSON.stringify(valid)}`);
    expect(outcome.code).toBe(0);
    expect(outcome.planned).toBe(true);
  });

  it('plans the same input once its options are well formed', async () => {
    const outcome = await run(
      JSON.stringify({ ...valid, timeBudgetMs: 300, divisionNames: ['X', 'Y'], exact: false }),
    );
    expect(outcome.code).toBe(0);
    expect(outcome.planned).toBe(true);
  });
});
