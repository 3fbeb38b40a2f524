import { describe, expect, it } from 'vitest';
import { runMip } from '../solver/highs-runner';
import { bruteForceBest } from '../testing/brute-force';
import { tinyThreeCategoryProblem } from '../testing/tiny-instances';
import { assignmentIssues, scoreAssignment } from './evaluate';
import { buildDivisionModel, countsFromValues } from './exact-model';
import { heuristicAssignment } from './heuristic';

const instance = (seed: number) => tinyThreeCategoryProblem(seed, 10);

describe('division MIP (without warm start) and heuristic', () => {
  it.each([21, 22, 23, 24, 25, 26])(
    'the hours phase reaches the brute-force optimum on instance %i',
    async (seed) => {
      const problem = instance(seed);
      const best = bruteForceBest(problem);
      const run = await runMip(buildDivisionModel(problem, { kind: 'hours' }), {
        deadline: performance.now() + 30_000,
        absoluteGap: 0.999,
      });
      expect(run.status).toBe('optimal');
      const counts = countsFromValues(problem, run.values ?? new Map());
      expect(assignmentIssues(problem, counts)).toEqual([]);
      expect(scoreAssignment(problem, counts).teachingHours).toBe(best?.teachingHours);
      expect(Math.round(run.objective ?? -1)).toBe(best?.teachingHours);
    },
  );

  it.each([21, 22, 23, 24, 25, 26])(
    'the heuristic is feasible and never below the optimum on instance %i',
    (seed) => {
      const problem = instance(seed);
      const counts = heuristicAssignment(problem);
      expect(assignmentIssues(problem, counts)).toEqual([]);
      expect(scoreAssignment(problem, counts).teachingHours).toBeGreaterThanOrEqual(
        bruteForceBest(problem)?.teachingHours ?? 0,
      );
    },
  );
});
