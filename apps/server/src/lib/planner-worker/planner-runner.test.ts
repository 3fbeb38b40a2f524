import { afterEach, describe, expect, it } from 'vitest';
import type { AllocationInput, TeachingUnit } from '@rollbook/planner';
import {
  createPlannerRunner,
  PlannerOverloadedError,
  PlannerTaskError,
  PlannerTimeoutError,
  type PlannerRunner,
} from './planner-runner';

const tiny: AllocationInput = {
  units: [
    { id: 'os/A/theory', subject: 'os', kind: 'theory', division: 'A', batch: null, hours: 3 },
    { id: 'os/A/A1/practical-1', subject: 'os', kind: 'practical', division: 'A', batch: 'A1', hours: 2 },
  ],
  teachers: [{ slug: 'ann', priorities: ['os'], maxHours: 4 }],
};

/** Scarce teachers over many subjects: the solver has real work to do for a second or more. */
function busy(): AllocationInput {
  const units: TeachingUnit[] = [];
  for (let s = 0; s < 40; s++) {
    for (const division of ['A', 'B', 'C', 'D']) {
      units.push({
        id: `s${s}/${division}/theory`,
        subject: `s${s}`,
        kind: 'theory',
        division,
        batch: null,
        hours: 3,
      });
      units.push({
        id: `s${s}/${division}/p`,
        subject: `s${s}`,
        kind: 'practical',
        division,
        batch: `${division}1`,
        hours: 2,
      });
    }
  }
  const teachers = Array.from({ length: 60 }, (_, t) => ({
    slug: `t${t}`,
    priorities: [`s${t % 40}`, `s${(t * 7) % 40}`, `s${(t * 13 + 5) % 40}`],
    maxHours: 7 + (t % 5),
  }));
  return { units, teachers, timeBudgetMs: 3000 };
}

describe('planner runner', () => {
  let runner: PlannerRunner;
  afterEach(async () => {
    await runner.close();
  });

  it('runs a planner call in a worker thread and returns its result', async () => {
    runner = createPlannerRunner();
    const result = await runner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    expect(result.report.coveredHours).toBe(3);
    expect(result.assignments).toEqual([{ unit: 'os/A/theory', teacher: 'ann', hours: 3 }]);
  });

  it('warms the solver in the worker, and a call sent during the warm-up still answers', async () => {
    runner = createPlannerRunner();
    const warmUp = runner.run('warmUpAllocation', undefined, { hardLimitMs: 60_000 });
    const call = runner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    const report = await warmUp;
    // Both solver runs ran, to the end or to their limits: how far each got within its budget is
    // the machine's speed (a loaded CI machine cut the LP phase of the allocation call once), so
    // only that they ran without error is asserted, and that the allocation call answered.
    expect(['optimal', 'limit']).toContain(report.lp);
    expect(['optimal', 'limit']).toContain(report.mip);
    expect(report.method).toMatch(/^(greedy|packing|mip)/);
    expect(report.timeMs).toBeGreaterThan(0);
    const result = await call;
    expect(result.assignments).toEqual([{ unit: 'os/A/theory', teacher: 'ann', hours: 3 }]);
  });

  it('stops a call past its hard limit, then serves the next call from a fresh worker', async () => {
    runner = createPlannerRunner();
    await runner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    await expect(runner.run('allocateLoad', busy(), { hardLimitMs: 30 })).rejects.toBeInstanceOf(
      PlannerTimeoutError,
    );
    const again = await runner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    expect(again.report.coveredHours).toBe(3);
  });

  it("rebuilds the planner's own errors with their input issues", async () => {
    runner = createPlannerRunner();
    const bad = { ...tiny, units: [...tiny.units, tiny.units[0]!] };
    const error = await runner.run('allocateLoad', bad, { hardLimitMs: 20_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlannerTaskError);
    expect((error as PlannerTaskError).name).toBe('AllocationInputError');
    expect((error as PlannerTaskError).issues).toContain('unit os/A/theory is listed twice');
  });

  it('refuses calls beyond the queue bound at once', async () => {
    runner = createPlannerRunner({ maxQueue: 1 });
    const first = runner.run('allocateLoad', busy(), { hardLimitMs: 20_000 });
    const second = runner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    await expect(runner.run('allocateLoad', tiny, { hardLimitMs: 20_000 })).rejects.toBeInstanceOf(
      PlannerOverloadedError,
    );
    await Promise.all([first, second]);
  });
});
