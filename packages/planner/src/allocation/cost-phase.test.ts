import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceAllocation, variedAllocation } from '../testing/allocation-brute-force';
import { runIsolatedMip, workerStopMs } from '../solver/isolated-mip';
import { MIP_ROOT_STALL_MS, TimeBudget } from './budget';
import { improveCost } from './cost-phase';
import { greedyAllocation } from './greedy';
import { allocationStart, buildAllocationModel } from './exact-model';
import { buildAllocationProblem, coveredHours, fairShare } from './problem';
import { subjectCovers } from './subject-cover';

describe('cost phase bound', () => {
  it('never proves more than the least cost found by enumeration (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100_000 }), async (seed) => {
        const input = variedAllocation(seed);
        const problem = buildAllocationProblem(input);
        const start = greedyAllocation(problem);
        const covered = coveredHours(problem, start);
        const expected = bruteForceAllocation(input, covered);
        // 600 ms: the LP relaxation runs, the MIP does not fit (budget.ts), so the bound is the LP's.
        const phase = await improveCost(
          problem,
          start,
          covered,
          fairShare(problem, covered),
          new TimeBudget(600),
        );
        expect(phase.steps).not.toContain('MIP optimal');
        expect(phase.lowerBound).toBeLessThanOrEqual(expected.cost + 1e-9);
        expect(phase.cost).toBeGreaterThanOrEqual(expected.cost - 1e-9);
      }),
      { numRuns: 40 },
    );
  });

  it('asks each subject for the fewest teachers whose most hours reach its required hours', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const input = variedAllocation(seed);
      const problem = buildAllocationProblem(input);
      const covered = bruteForceAllocation(input).covered;
      for (const cover of subjectCovers(problem, covered)) {
        // Each teacher takes at most their `mostHours`: one teacher fewer cannot reach the required hours.
        const largest = [...cover.mostHours].sort((x, y) => y - x);
        const sum = (count: number) => largest.slice(0, count).reduce((total, hours) => total + hours, 0);
        if (cover.minTeachers > 0) expect(sum(cover.minTeachers - 1)).toBeLessThan(cover.requiredHours);
        expect(sum(cover.minTeachers)).toBeGreaterThanOrEqual(cover.requiredHours);
        expect(cover.requiredHours).toBeLessThanOrEqual(cover.coverableHours);
      }
    }
  });

  // Instances where the LP, the subject pairs and the Lagrangian leave the bound below the optimum
  // (24, 62, 103) or the plan above it (3, 81, 156): only the whole MIP closes them.
  it.each([3, 24, 62, 81, 103, 156])(
    'runs the whole MIP in a worker when its root work does not fit this thread, and proves the optimum (instance %i)',
    async (seed) => {
      const input = variedAllocation(seed);
      const problem = buildAllocationProblem(input);
      const start = greedyAllocation(problem);
      const covered = coveredHours(problem, start);
      const share = fairShare(problem, covered);
      await endWorkersUntilWarm(problem, start, covered, share);
      // A clock that never moves: 552 ms are left throughout, under the root-work estimate of any
      // model (budget.ts), so no MIP runs in this thread, but a warm worker's start and end fit.
      const budget = new TimeBudget(600, () => 0);
      expect(budget.left()).toBeLessThan(MIP_ROOT_STALL_MS);
      const phase = await improveCost(problem, start, covered, share, budget);
      const expected = bruteForceAllocation(input, covered);
      expect(phase.steps).toContain('MIP in a worker optimal');
      expect(phase.proved).toBe(true);
      expect(phase.cost).toBe(expected.cost);
      expect(phase.lowerBound).toBe(expected.cost);
    },
  );
});

/**
 * Runs the instance's cost MIP in workers until their ends cost what they do in a warm process
 * (isolated-mip.ts): the first workers of a process take up to 500 ms to end, so until then the cost
 * phase keeps that much for the end and a 600 ms budget leaves no room for a worker.
 */
async function endWorkersUntilWarm(
  problem: ReturnType<typeof buildAllocationProblem>,
  counts: ReturnType<typeof greedyAllocation>,
  covered: number,
  share: number,
): Promise<void> {
  const model = buildAllocationModel(problem, { kind: 'cost', minCovered: covered, share });
  for (let run = 0; run < 10 && workerStopMs() > 100; run += 1) {
    await runIsolatedMip(model.text, {
      deadline: performance.now() + 1000,
      start: allocationStart(problem, counts, share),
      absoluteGap: 0.999,
    });
  }
  expect(workerStopMs()).toBeLessThanOrEqual(100);
}
