import { describe, expect, it } from 'vitest';
import { generateInstance } from '../testing/instances';
import { coverConstruction } from './cover-construction';
import { assignmentIssues, compareScores, scoreAssignment } from './evaluate';
import { heuristicWindow, improveAssignment } from './heuristic';
import { buildProblem } from './problem';
import type { DivisionProblem } from './problem';

function instance(seed: number): DivisionProblem {
  const generated = generateInstance({
    students: 360,
    categories: 5,
    minOptions: 2,
    maxOptions: 5,
    trackAffinity: 0.5,
    seed,
  });
  return buildProblem(generated.subjects, generated.students, 45);
}

describe('local search', () => {
  it('returns a valid plan never worse than its start', () => {
    for (const seed of [1, 2, 3]) {
      const problem = instance(seed);
      const start = coverConstruction(problem) ?? [];
      const improved = improveAssignment(problem, start, heuristicWindow(problem));
      expect(assignmentIssues(problem, improved)).toEqual([]);
      expect(
        compareScores(scoreAssignment(problem, improved), scoreAssignment(problem, start)),
      ).toBeLessThanOrEqual(0);
    }
  });

  it('stops at its move limit the same way whether or not a far deadline is set', () => {
    const problem = instance(4);
    const start = coverConstruction(problem) ?? [];
    const window = heuristicWindow(problem);
    for (const maxMoves of [1, 17, 500]) {
      expect(
        improveAssignment(problem, start, window, { maxMoves, deadline: performance.now() + 1e9 }),
      ).toEqual(improveAssignment(problem, start, window, { maxMoves }));
    }
  });

  it('makes no move at a deadline already past', () => {
    const problem = instance(5);
    const start = coverConstruction(problem) ?? [];
    const window = heuristicWindow(problem);
    expect(improveAssignment(problem, start, window, { deadline: performance.now() - 1 })).toEqual(start);
    // The search does move from this start, so the test above can fail.
    expect(improveAssignment(problem, start, window)).not.toEqual(start);
  });
});
