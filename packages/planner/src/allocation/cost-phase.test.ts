import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bruteForceAllocation, variedAllocation } from '../testing/allocation-brute-force';
import { TimeBudget } from './budget';
import { improveCost } from './cost-phase';
import { greedyAllocation } from './greedy';
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
});
