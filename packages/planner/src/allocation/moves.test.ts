import { describe, expect, it } from 'vitest';
import { generateInstance, seededRandom } from '../testing/instances';
import { repairCoverage } from './coverage-repair';
import { improveByCycles } from './cycle-search';
import { improveByEjections } from './ejection-search';
import { greedyAllocation } from './greedy';
import { improveAllocation } from './local-search';
import { allocationCost, buildAllocationProblem, coveredHours, fairShare, teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';
import type { AllocationInput, PlannerTeacher, TeachingUnit } from './types';

/** A semester-like allocation: units of `subjects` subjects, teachers ranking 3-6 of them, tight maxima. */
function generatedAllocation(seed: number, teachers: number): AllocationInput {
  const random = seededRandom(seed);
  const instance = generateInstance({ students: 200, categories: 4, minOptions: 2, maxOptions: 3, seed });
  const slugs = instance.subjects.map((subject) => subject.slug);
  const units: TeachingUnit[] = [];
  slugs.forEach((subject, s) => {
    for (let division = 0; division < 3; division += 1) {
      units.push({
        id: `${subject}/${division}/theory`,
        subject,
        kind: 'theory',
        division: `D${division}`,
        batch: null,
        hours: 3,
      });
      if (s % 2 === 0) {
        units.push({
          id: `${subject}/${division}/lab`,
          subject,
          kind: 'practical',
          division: `D${division}`,
          batch: null,
          hours: 2,
        });
      }
    }
  });
  const list: PlannerTeacher[] = Array.from({ length: teachers }, (_, t) => ({
    slug: `t${String(t).padStart(2, '0')}`,
    priorities: [...slugs].sort(() => random() - 0.5).slice(0, 3 + Math.floor(random() * 4)),
    maxHours: 6 + Math.floor(random() * 7),
  }));
  return { units, teachers: list };
}

function expectWithinLimits(problem: AllocationProblem, counts: ClassCounts): void {
  teacherLoads(problem, counts).forEach((load, t) =>
    expect(load).toBeLessThanOrEqual(problem.teachers[t]?.maxHours ?? 0),
  );
  counts.forEach((row, c) => {
    expect(row.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(
      problem.classes[c]?.units.length ?? 0,
    );
    row.forEach((value, t) => {
      expect(value).toBeGreaterThanOrEqual(0);
      if (value > 0) expect(problem.eligible[c]).toContain(t);
    });
  });
}

describe('allocation moves', () => {
  it('ejection chains place a unit only reachable by moving another one first', () => {
    // t1 can teach a and b and is full with a; t2 can teach only a and has room; b is unplaced.
    const problem = buildAllocationProblem({
      units: [
        { id: 'a1', subject: 'a', kind: 'theory', division: 'A', batch: null, hours: 3 },
        { id: 'b1', subject: 'b', kind: 'theory', division: 'A', batch: null, hours: 3 },
      ],
      teachers: [
        { slug: 't1', priorities: ['a', 'b'], maxHours: 3 },
        { slug: 't2', priorities: ['a'], maxHours: 3 },
      ],
    });
    const a = problem.classes.findIndex((unitClass) => unitClass.subject === 'a');
    const b = problem.classes.findIndex((unitClass) => unitClass.subject === 'b');
    const start: ClassCounts = problem.classes.map(() => [0, 0]);
    (start[a] as number[])[0] = 1;
    const direct = repairCoverage(problem, structuredClone(start), { maxDepth: 1, deadline: Infinity });
    expect(coveredHours(problem, direct)).toBe(3);
    const repaired = repairCoverage(problem, structuredClone(start), { maxDepth: 2, deadline: Infinity });
    expect(coveredHours(problem, repaired)).toBe(6);
    expect(repaired[a]).toEqual([0, 1]);
    expect(repaired[b]).toEqual([1, 0]);
  });

  it.each([1, 2, 3, 4])(
    'repair never loses coverage or breaks a limit; the local search keeps coverage and never costs more (%i)',
    (seed) => {
      const problem = buildAllocationProblem(generatedAllocation(seed, 8));
      const greedy = greedyAllocation(problem);
      const repaired = repairCoverage(problem, structuredClone(greedy), { maxDepth: 3, deadline: Infinity });
      expectWithinLimits(problem, repaired);
      const covered = coveredHours(problem, repaired);
      expect(covered).toBeGreaterThanOrEqual(coveredHours(problem, greedy));
      const share = fairShare(problem, covered);
      const before = allocationCost(problem, repaired, share);
      const improved = improveAllocation(problem, structuredClone(repaired), share);
      expectWithinLimits(problem, improved);
      expect(coveredHours(problem, improved)).toBe(covered);
      expect(allocationCost(problem, improved, share)).toBeLessThanOrEqual(before);
      expect(improveAllocation(problem, structuredClone(repaired), share)).toEqual(improved);
    },
  );

  it('a cycle of three hand-overs finds the rank trade that no single move or exchange can', () => {
    // Each teacher is full with the subject they rank second, and only the next teacher round the
    // circle ranks it first: every single move lacks room, every exchange needs a teacher to take a
    // subject they did not rank.
    const unit = (subject: string): TeachingUnit => ({
      id: `${subject}1`,
      subject,
      kind: 'theory',
      division: 'A',
      batch: null,
      hours: 3,
    });
    const problem = buildAllocationProblem({
      units: [unit('a'), unit('b'), unit('c')],
      teachers: [
        { slug: 't1', priorities: ['b', 'a'], maxHours: 3 },
        { slug: 't2', priorities: ['c', 'b'], maxHours: 3 },
        { slug: 't3', priorities: ['a', 'c'], maxHours: 3 },
      ],
    });
    const index = (subject: string) =>
      problem.classes.findIndex((unitClass) => unitClass.subject === subject);
    const start: ClassCounts = problem.classes.map(() => [0, 0, 0]);
    (start[index('a')] as number[])[0] = 1;
    (start[index('b')] as number[])[1] = 1;
    (start[index('c')] as number[])[2] = 1;
    const share = fairShare(problem, 9);
    expect(allocationCost(problem, start, share)).toBe(15);
    expect(allocationCost(problem, improveAllocation(problem, structuredClone(start), share), share)).toBe(
      15,
    );
    const cycled = improveByCycles(problem, structuredClone(start), share, {
      deadline: Infinity,
      now: () => 0,
    });
    expect(allocationCost(problem, cycled, share)).toBe(6);
    expect(cycled[index('a')]).toEqual([0, 0, 1]);
  });

  it('an ejection trades units of different lengths where no move, exchange or cycle can', () => {
    // a holds the 3-hour x at rank 2; b ranks x first but has 1 h of room, held by the 2-hour y; d
    // takes y at the same rank as b. Moving y alone gains nothing, a cannot take y (no exchange),
    // and the units differ in length (no cycle): only "a → b x, then b → d y" lowers the cost.
    const problem = buildAllocationProblem({
      units: [
        { id: 'x1', subject: 'x', kind: 'theory', division: 'A', batch: null, hours: 3 },
        { id: 'y1', subject: 'y', kind: 'practical', division: 'A', batch: 'A1', hours: 2 },
      ],
      teachers: [
        { slug: 'a', priorities: ['w', 'x'], maxHours: 3 },
        { slug: 'b', priorities: ['x', 'y'], maxHours: 3 },
        { slug: 'd', priorities: ['z', 'y'], maxHours: 2 },
      ],
    });
    const x = problem.classes.findIndex((unitClass) => unitClass.subject === 'x');
    const y = problem.classes.findIndex((unitClass) => unitClass.subject === 'y');
    const start: ClassCounts = problem.classes.map(() => [0, 0, 0]);
    (start[x] as number[])[0] = 1;
    (start[y] as number[])[1] = 1;
    const share = fairShare(problem, 5);
    // Rank 3 + 2, two pairs, a 1 h over their fair 2 h.
    expect(allocationCost(problem, start, share)).toBe(10);
    const limits = { deadline: Infinity, now: () => 0 };
    const others = improveByCycles(
      problem,
      improveAllocation(problem, structuredClone(start), share),
      share,
      limits,
    );
    expect(allocationCost(problem, others, share)).toBe(10);
    const ejected = improveByEjections(problem, structuredClone(start), share, limits);
    expect(allocationCost(problem, ejected, share)).toBe(7);
    expect(ejected[x]).toEqual([0, 1, 0]);
    expect(ejected[y]).toEqual([0, 0, 1]);
  });

  it.each(
    [1, 2, 3, 4, 5, 6].flatMap((seed) => [
      { search: 'cycles', improve: improveByCycles, seed },
      { search: 'ejections', improve: improveByEjections, seed },
    ]),
  )(
    '$search keep every limit and the coverage, never cost more, and repeat exactly ($seed)',
    ({ improve, seed }) => {
      const problem = buildAllocationProblem(generatedAllocation(seed, 8));
      const start = repairCoverage(problem, greedyAllocation(problem), { maxDepth: 3, deadline: Infinity });
      const covered = coveredHours(problem, start);
      // A share below the real one gives the teachers overload, so the slack node's edges matter.
      const share = fairShare(problem, covered) * 0.8;
      const limits = { deadline: Infinity, now: () => 0 };
      const improved = improve(problem, structuredClone(start), share, limits);
      expectWithinLimits(problem, improved);
      expect(coveredHours(problem, improved)).toBe(covered);
      expect(allocationCost(problem, improved, share)).toBeLessThanOrEqual(
        allocationCost(problem, start, share),
      );
      expect(improve(problem, structuredClone(start), share, limits)).toEqual(improved);
    },
  );
});
