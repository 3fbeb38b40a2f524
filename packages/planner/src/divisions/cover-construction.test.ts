import { describe, expect, it } from 'vitest';
import { generateInstance } from '../testing/instances';
import { coverConstruction } from './cover-construction';
import { assignmentIssues, scoreAssignment } from './evaluate';
import { heuristicWindow } from './heuristic';
import { buildProblem } from './problem';

describe('cover construction', () => {
  it('places every student once, in balanced division sizes, on scattered and correlated choices', () => {
    for (const [students, affinity, seed] of [
      [61, 0.2, 1],
      [250, 0.6, 2],
      [500, 0.85, 3],
      [133, 0, 4],
    ] as const) {
      const instance = generateInstance({
        students,
        categories: 4,
        minOptions: 2,
        maxOptions: 6,
        trackAffinity: affinity,
        seed,
      });
      // Some students take no elective at all: they must be placed too.
      const withoutElectives = instance.students.map((student, i) =>
        i % 17 === 0 ? { ...student, electives: [] } : student,
      );
      const problem = buildProblem(instance.subjects, withoutElectives, 60);
      const counts = coverConstruction(problem) ?? [];
      expect(assignmentIssues(problem, counts)).toEqual([]);
      const { low, high } = heuristicWindow(problem);
      for (const size of scoreAssignment(problem, counts).sizes) {
        expect(size).toBeGreaterThanOrEqual(low);
        expect(size).toBeLessThanOrEqual(high);
      }
    }
  });

  it('gives the same plan twice', () => {
    const instance = generateInstance({
      students: 300,
      categories: 5,
      minOptions: 2,
      maxOptions: 5,
      trackAffinity: 0.6,
      seed: 9,
    });
    const problem = buildProblem(instance.subjects, instance.students, 66);
    expect(coverConstruction(problem)).toEqual(coverConstruction(problem));
  });

  it('gives up at a deadline already past', () => {
    const instance = generateInstance({
      students: 100,
      categories: 3,
      minOptions: 2,
      maxOptions: 4,
      trackAffinity: 0.5,
      seed: 5,
    });
    const problem = buildProblem(instance.subjects, instance.students, 40);
    expect(coverConstruction(problem, performance.now() - 1)).toBeNull();
  });
});
