import { assignmentIssues, compareScores, scoreAssignment } from '../divisions/evaluate';
import type { AssignmentScore } from '../divisions/evaluate';
import type { Counts, DivisionProblem } from '../divisions/problem';

/**
 * Exhaustive reference for tests: enumerates every assignment matrix of a (tiny) problem and
 * returns the lexicographically best score (hours, splits, spread). Exponential by design.
 */
export function bruteForceBest(problem: DivisionProblem): AssignmentScore | null {
  const D = problem.divisionCount;
  const counts: Counts = problem.groups.map(() => new Array<number>(D).fill(0));
  const sizes = new Array<number>(D).fill(0);
  let best: AssignmentScore | null = null;
  const fill = (g: number, d: number, left: number): void => {
    const group = problem.groups[g];
    if (!group) {
      if (assignmentIssues(problem, counts).length > 0) return;
      const score = scoreAssignment(problem, counts);
      if (!best || compareScores(score, best) < 0) best = score;
      return;
    }
    const row = counts[g] as number[];
    if (d === D - 1) {
      if ((sizes[d] ?? 0) + left > problem.sizeHigh) return;
      row[d] = left;
      sizes[d] = (sizes[d] ?? 0) + left;
      fill(g + 1, 0, problem.groups[g + 1]?.size ?? 0);
      sizes[d] = (sizes[d] ?? 0) - left;
      row[d] = 0;
      return;
    }
    for (let take = 0; take <= left && (sizes[d] ?? 0) + take <= problem.sizeHigh; take += 1) {
      row[d] = take;
      sizes[d] = (sizes[d] ?? 0) + take;
      fill(g, d + 1, left - take);
      sizes[d] = (sizes[d] ?? 0) - take;
      row[d] = 0;
    }
  };
  fill(0, 0, problem.groups[0]?.size ?? 0);
  return best;
}
