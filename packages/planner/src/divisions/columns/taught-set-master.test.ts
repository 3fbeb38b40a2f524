import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../testing/instances';
import { assignmentIssues, scoreAssignment } from '../evaluate';
import { heuristicAssignment } from '../heuristic';
import { buildProblem } from '../problem';
import type { Counts, DivisionProblem } from '../problem';
import { planPatterns } from './box-step';
import { planFromTaughtSets, recombineTaughtSets, taughtSetPool } from './taught-set-master';

function semester() {
  const instance = generateInstance({
    students: 150,
    categories: 4,
    minOptions: 2,
    maxOptions: 4,
    trackAffinity: 0.85,
    seed: 7007,
  });
  return buildProblem(instance.subjects, instance.students, 60);
}

/** Students dealt round robin over the divisions: balanced, and every division teaches nearly everything. */
function roundRobin(problem: DivisionProblem): Counts {
  const counts: Counts = problem.groups.map(() => new Array<number>(problem.divisionCount).fill(0));
  let next = 0;
  problem.groups.forEach((group, g) => {
    for (let i = 0; i < group.size; i += 1) {
      const row = counts[g];
      if (row) row[next % problem.divisionCount] = (row[next % problem.divisionCount] ?? 0) + 1;
      next += 1;
    }
  });
  return counts;
}

const hours = (problem: DivisionProblem, counts: Counts) => scoreAssignment(problem, counts).teachingHours;
const noTimeLimit = () => performance.now() + 600_000;

describe('recombineTaughtSets', () => {
  it('rebuilds a poor plan from a good plan’s taught sets: valid, and no dearer than the good plan', async () => {
    const problem = semester();
    const poor = roundRobin(problem);
    const good = heuristicAssignment(problem);
    expect(assignmentIssues(problem, poor)).toEqual([]);
    expect(hours(problem, good)).toBeLessThan(hours(problem, poor));

    const result = await recombineTaughtSets(problem, planPatterns(problem, good), poor, noTimeLimit());
    expect(result.improved).toBe(true);
    expect(assignmentIssues(problem, result.counts)).toEqual([]);
    expect(hours(problem, result.counts)).toBeLessThanOrEqual(hours(problem, good));
  });

  it('returns the plan itself when its own sets hold nothing better', async () => {
    const problem = semester();
    const good = heuristicAssignment(problem);
    const again = await recombineTaughtSets(problem, [], good, noTimeLimit());
    expect(assignmentIssues(problem, again.counts)).toEqual([]);
    expect(hours(problem, again.counts)).toBeLessThanOrEqual(hours(problem, good));
    if (!again.improved) expect(again.counts).toBe(good);
  });

  it('pools each distinct taught set once', () => {
    const problem = semester();
    const patterns = planPatterns(problem, heuristicAssignment(problem));
    const pool = taughtSetPool(problem, [...patterns, ...patterns]);
    expect(pool.length).toBeLessThanOrEqual(patterns.length);
    expect(new Set(pool.map((set) => set.join(','))).size).toBe(pool.length);
  });

  it('deals fractional flows without losing a student: each group keeps its total', () => {
    const problem = semester();
    // One set teaching every elective, so it covers every group; each group split in thirds over
    // three copies of it (a heuristic incumbent off the vertices: one student would round to none).
    const everything = problem.electives.map((_, e) => e);
    const pool = [everything, everything, everything];
    const values = new Map<string, number>([
      ['z0', 1],
      ['z1', 1],
      ['z2', problem.divisionCount - 2],
    ]);
    problem.groups.forEach((group, g) => {
      for (let s = 0; s < 3; s += 1) values.set(`f${s}_${g}`, group.size / 3);
    });
    const counts = planFromTaughtSets(problem, pool, values);
    problem.groups.forEach((group, g) => {
      expect((counts[g] ?? []).reduce((sum, amount) => sum + amount, 0)).toBe(group.size);
    });
  });
});
