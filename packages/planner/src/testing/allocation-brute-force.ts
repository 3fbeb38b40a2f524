import { allocationCost, buildAllocationProblem, fairShare } from '../allocation/problem';
import type { AllocationInput, PlannerTeacher, TeachingUnit, UnitKind } from '../allocation/types';
import { seededRandom } from './instances';

/** Five or six units of three subjects and three teachers with random ranks and maxima. */
export function tinyAllocation(seed: number): AllocationInput {
  const random = seededRandom(seed);
  const subjects = ['os', 'ml', 'cc'];
  const kinds: [UnitKind, number][] = [
    ['theory', 3],
    ['tutorial', 1],
    ['practical', 2],
  ];
  const units: TeachingUnit[] = Array.from({ length: 5 + Math.floor(random() * 2) }, (_, i) => {
    const [kind, hours] = kinds[Math.floor(random() * kinds.length)] as [UnitKind, number];
    return {
      id: `u${i}`,
      subject: subjects[Math.floor(random() * 3)] as string,
      kind,
      division: 'A',
      batch: null,
      hours,
    };
  });
  const teachers: PlannerTeacher[] = ['t1', 't2', 't3'].map((slug) => ({
    slug,
    priorities: subjects.filter(() => random() < 0.7).sort(() => random() - 0.5),
    maxHours: 2 + Math.floor(random() * 6),
  }));
  return { units, teachers };
}

/** The tiny instance with random maxima, so some leave hours uncovered and some subjects need two teachers. */
export function variedAllocation(seed: number): AllocationInput {
  const input = tinyAllocation(seed);
  const random = seededRandom(seed + 5);
  return {
    ...input,
    teachers: input.teachers.map((t) => ({ ...t, maxHours: 1 + Math.floor(random() * 8) })),
  };
}

/**
 * Every way to give each unit to one teacher or nobody: the most hours that can be covered, and the
 * least cost among allocations covering at least `minCovered` hours (default: that most).
 */
export function bruteForceAllocation(
  input: AllocationInput,
  minCovered?: number,
): { covered: number; cost: number } {
  const problem = buildAllocationProblem(input);
  const classOf = new Map<string, number>();
  problem.classes.forEach((unitClass, c) => unitClass.units.forEach((unit) => classOf.set(unit.id, c)));
  const choice = input.units.map(() => -1);
  const options: { covered: number; counts: number[][] }[] = [];
  const walk = (u: number): void => {
    if (u === input.units.length) {
      const counts = problem.classes.map(() => problem.teachers.map(() => 0));
      const loads = problem.teachers.map(() => 0);
      let covered = 0;
      for (let i = 0; i < choice.length; i += 1) {
        const t = choice[i] as number;
        if (t < 0) continue;
        const unit = input.units[i] as TeachingUnit;
        const c = classOf.get(unit.id) as number;
        if (!problem.eligible[c]?.includes(t)) return;
        (counts[c] as number[])[t] = ((counts[c] as number[])[t] ?? 0) + 1;
        loads[t] = (loads[t] ?? 0) + unit.hours;
        covered += unit.hours;
      }
      if (loads.some((load, t) => load > (problem.teachers[t]?.maxHours ?? 0))) return;
      options.push({ covered, counts });
      return;
    }
    for (let t = -1; t < problem.teachers.length; t += 1) {
      choice[u] = t;
      walk(u + 1);
    }
  };
  walk(0);
  const covered = Math.max(...options.map((o) => o.covered));
  const floor = minCovered ?? covered;
  // The cost's fair share follows the coverage the allocator reached, as in allocateLoad.
  const share = fairShare(problem, floor);
  const cost = Math.min(
    ...options.filter((o) => o.covered >= floor).map((o) => allocationCost(problem, o.counts, share)),
  );
  return { covered, cost };
}
