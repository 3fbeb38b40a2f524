import { describe, expect, it } from 'vitest';
import { runMip } from '../solver/highs-runner';
import { bruteForceBest } from '../testing/brute-force';
import { seededRandom } from '../testing/instances';
import type { PlannerSubject } from '../model';
import { assignmentIssues, scoreAssignment } from './evaluate';
import { buildDivisionModel, countsFromValues } from './exact-model';
import { heuristicAssignment } from './heuristic';
import { buildProblem } from './problem';

const subjects: PlannerSubject[] = ['a', 'b', 'c'].flatMap((category, c) =>
  [1, 2].map((option) => ({
    slug: `${category}${option}`,
    name: `${category} ${option}`,
    L: 2 + ((c + option) % 3),
    T: option - 1,
    P: 2,
    elective: true,
    category,
  })),
);

function instance(seed: number) {
  const random = seededRandom(seed);
  const count = 10 + Math.floor(random() * 5);
  const students = Array.from({ length: count }, (_, i) => ({
    slug: `s${i}`,
    enrollment: String(i).padStart(3, '0'),
    electives: ['a', 'b', 'c'].map((category) => `${category}${random() < 0.5 ? 1 : 2}`),
  }));
  return buildProblem(subjects, students, Math.ceil(count / 2), 0.3);
}

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
