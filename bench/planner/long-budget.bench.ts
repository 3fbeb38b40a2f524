// Where the 1,200-student gap is (issue 20): the planner's Lagrangian path (first plan, steps,
// dives, ray, box-step) given many times its budget, then subgradient steps until their work
// limits, then box-step from their best duals with an exact pricing (no node limit) and no
// target, on the scale bench's 1,200-student instances. Called directly rather than through
// planDivisions, which at budgets of tens of seconds switches to the compact MIP.
// Run: nice -n 10 npx tsx bench/planner/long-budget.bench.ts [--only tracked|mixed]
//      [--plan-ms 20000] [--steps-ms 30000] [--box-ms 150000]   (always in CPU time)
import { loadavg } from 'node:os';
import { boxStepBound, planPatterns } from '../../packages/planner/src/divisions/columns/box-step';
import { lagrangianSearch } from '../../packages/planner/src/divisions/columns/lagrangian-search';
import { subgradientBound } from '../../packages/planner/src/divisions/columns/subgradient';
import { scoreAssignment } from '../../packages/planner/src/divisions/evaluate';
import { heuristicAssignment } from '../../packages/planner/src/divisions/heuristic';
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import { generateInstance } from '../../packages/planner/src/testing/instances';
import { useCpuClock } from '../lib/cpu-clock';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

useCpuClock();
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const planMs = option('--plan-ms', 20_000);
const stepsMs = option('--steps-ms', 30_000);
const boxMs = option('--box-ms', 150_000);

console.log('| series | search h | search LB | search detail | steps | steps LB | box-step LB | points | converged | cpu s | load |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const affinity of [0.85, 0.6]) {
  const label = affinity > 0.7 ? 'tracked' : 'mixed';
  if (only !== null && only !== label) continue;
  const students = 1200;
  const instance = generateInstance({
    students,
    categories: 8,
    minOptions: 2,
    maxOptions: 5,
    trackAffinity: affinity,
    seed: 2000 + students + (affinity > 0.7 ? 1 : 2),
  });
  const problem = buildProblem(instance.subjects, instance.students, 66);
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  const started = performance.now();
  const start = heuristicAssignment(problem, { deadline: started + planMs * 0.05 });
  const search = await lagrangianSearch(problem, start, started + planMs);
  const hours = scoreAssignment(problem, search.counts).teachingHours;
  const stepped = subgradientBound(problem, {
    deadline: performance.now() + stepsMs,
    target: hours - core,
    integral: true,
  });
  const box = await boxStepBound(problem, {
    deadline: performance.now() + boxMs,
    start: stepped.bestDuals,
    target: Infinity,
    integral: false,
    nodeLimit: Number.MAX_SAFE_INTEGER,
    maxIterations: 1000,
    seedPatterns: [...planPatterns(problem, search.counts), ...stepped.patterns],
  });
  console.log(
    `| ${label} | ${hours} | ${core + search.electiveBound} | ${search.detail} | ${stepped.steps} | ${core + stepped.bound} | ${(core + box.bound).toFixed(1)} | ${box.iterations} | ${box.converged ? 'yes' : 'no'} | ${((performance.now() - started) / 1000).toFixed(0)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
