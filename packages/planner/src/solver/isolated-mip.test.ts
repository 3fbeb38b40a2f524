import { describe, expect, it } from 'vitest';
import { buildDivisionModel, orderBySize, startValues } from '../divisions/exact-model';
import { heuristicAssignment } from '../divisions/heuristic';
import { modelRows } from '../divisions/plan-divisions';
import { buildProblem } from '../divisions/problem';
import { generateInstance } from '../testing/instances';
import { tinyThreeCategoryProblem } from '../testing/tiny-instances';
import { NOT_STARTED_PAST_DEADLINE, runMip } from './highs-runner';
import { ISOLATE_ABOVE_ROWS, runIsolatedMip, solvesInWorker, STOPPED_AT_DEADLINE } from './isolated-mip';

describe('runIsolatedMip', () => {
  it.each([21, 22, 23])('gives the in-thread result when HiGHS finishes (instance %i)', async (seed) => {
    const model = buildDivisionModel(tinyThreeCategoryProblem(seed, 10), { kind: 'hours' });
    const options = { deadline: performance.now() + 30_000, absoluteGap: 0.999 };
    const inThread = await runMip(model, options);
    const isolated = await runIsolatedMip(model, options);
    expect(isolated.status).toBe('optimal');
    expect(isolated.objective).toBe(inThread.objective);
    expect(isolated.dualBound).toBe(inThread.dualBound);
    expect(isolated.values).toEqual(inThread.values);
  });

  it('ends the thread at the first clock reading past the deadline, whatever HiGHS is doing', async () => {
    // The hours MIP of 360 mixed students (divisions bench, seed 1013): HiGHS works 3-4 s of CPU
    // after its root LP without polling its interrupt; it cannot finish within a few polls.
    const instance = generateInstance({
      students: 360,
      categories: 6,
      minOptions: 2,
      maxOptions: 5,
      seed: 1013,
      trackAffinity: 0.6,
    });
    const problem = buildProblem(instance.subjects, instance.students, 60);
    const start = startValues(problem, orderBySize(heuristicAssignment(problem)));
    // A clock that passes the deadline at its 20th reading (the deadline leaves HiGHS's own time
    // limit at 60 s, so only the runner can stop it this early).
    const passAt = 20;
    let readings = 0;
    const clock = () => {
      readings += 1;
      return readings >= passAt ? 120_000 : 0;
    };
    const run = await runIsolatedMip(buildDivisionModel(problem, { kind: 'hours' }), {
      deadline: 60_000,
      clock,
      start,
      absoluteGap: 0.999,
    });
    expect(run.status).toBe('limit');
    expect(run.detail).toBe(STOPPED_AT_DEADLINE);
    // Stopped on the reading that passed the deadline: no further work was waited for.
    expect(readings).toBe(passAt);
  });

  it('sends the division MIPs that overshot their limits to a worker, small ones stay in this thread', () => {
    expect(solvesInWorker(ISOLATE_ABOVE_ROWS + 1)).toBe(true);
    expect(solvesInWorker(ISOLATE_ABOVE_ROWS)).toBe(false);
    const rowsOf = (students: number, categories: number, seed: number, affinity: number) => {
      const shape = { students, categories, minOptions: 2, maxOptions: 5, seed, trackAffinity: affinity };
      const instance = generateInstance(shape);
      return modelRows(buildProblem(instance.subjects, instance.students, 60));
    };
    // Divisions bench rows whose hours MIP went 0.2-4 s without polling its interrupt (mixed 240
    // and 360 students: 3.3 and 4.1 s after the root LP; tracked 360: 0.5-0.7 s).
    expect(solvesInWorker(rowsOf(240, 5, 1012, 0.6))).toBe(true);
    expect(solvesInWorker(rowsOf(360, 6, 1013, 0.6))).toBe(true);
    expect(solvesInWorker(rowsOf(360, 6, 1006, 0.85))).toBe(true);
    // Rows the MIP proves optimal in the budget, polling every 20-60 ms (60-120 students).
    expect(solvesInWorker(rowsOf(120, 4, 1011, 0.6))).toBe(false);
    expect(solvesInWorker(rowsOf(120, 4, 1004, 0.85))).toBe(false);
  });
});

describe('runIsolatedMip past its deadline', () => {
  it('starts no worker and returns no result', async () => {
    const model = buildDivisionModel(tinyThreeCategoryProblem(21, 10), { kind: 'hours' });
    const run = await runIsolatedMip(model, { deadline: 100, clock: () => 101 });
    expect(run.status).toBe('limit');
    expect(run.values).toBeNull();
    expect(run.detail).toBe(NOT_STARTED_PAST_DEADLINE);
  });
});
