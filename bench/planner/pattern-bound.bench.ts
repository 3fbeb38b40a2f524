// How strong is the pattern (Dantzig-Wolfe) relaxation of the division problem, apart from how fast
// a method reaches it? On instances small enough for the compact MIP to prove its optimum, this
// solves the Lagrangian dual of the pattern formulation to optimality with a stabilised cutting-plane
// method (box-step: an LP over the patterns priced so far, duals kept in a box around the best point,
// exact pricing at every LP point) and prints it next to the subgradient's bound and the optimum.
// The method is the planner's own (packages/planner/src/divisions/columns/box-step.ts), run here
// without a deadline or a target (seconds to minutes per instance).
// Run: nice -n 5 npx tsx bench/planner/pattern-bound.bench.ts [--cpu-clock] [--iterations 400]
import { loadavg } from 'node:os';
import { boxStepBound } from '../../packages/planner/src/divisions/columns/box-step';
import {
  combinatorialDuals,
  subgradientBound,
} from '../../packages/planner/src/divisions/columns/subgradient';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import { generateInstance } from '../../packages/planner/src/testing/instances';
import { useCpuClock } from '../lib/cpu-clock';

if (process.argv.includes('--cpu-clock')) useCpuClock();
const iterationsAt = process.argv.indexOf('--iterations');
const maxIterations = iterationsAt >= 0 ? Number(process.argv[iterationsAt + 1]) : 400;

// The divisions.bench instances (same seeds 1000 + index) where the compact MIP proves or nearly
// proves its optimum within 20 s.
const cases = [
  { label: 'tracked', index: 4, students: 120, categories: 4, max: 60, affinity: 0.85 },
  { label: 'tracked', index: 5, students: 240, categories: 5, max: 60, affinity: 0.85 },
  { label: 'mixed', index: 11, students: 120, categories: 4, max: 60, affinity: 0.6 },
];

console.log(
  '| series | N | groups | D | best plan h | MIP bound h | subgradient bound h | pattern bound h (box-step) | relaxation gap | iterations | converged | cpu s | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const c of cases) {
  const instance = generateInstance({
    students: c.students,
    categories: c.categories,
    minOptions: 2,
    maxOptions: 5,
    trackAffinity: c.affinity,
    seed: 1000 + c.index,
  });
  const problem = buildProblem(instance.subjects, instance.students, c.max);
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  const plan = await planDivisions({
    subjects: instance.subjects,
    students: instance.students,
    maxDivisionSize: c.max,
    timeBudgetMs: 20_000,
  });
  const hours = plan.objective.teachingHours;
  const stepped = subgradientBound(problem, {
    deadline: performance.now() + 15_000,
    target: hours - core,
    integral: true,
  });
  const started = performance.now();
  const box = await boxStepBound(problem, {
    deadline: Infinity,
    start: combinatorialDuals(problem),
    target: Infinity,
    integral: false,
    nodeLimit: 10_000_000,
    maxIterations,
  });
  const cpu = (performance.now() - started) / 1000;
  const bound = core + Math.ceil(box.bound - 1e-6);
  console.log(
    `| ${c.label} | ${c.students} | ${problem.groups.length} | ${problem.divisionCount} | ${hours}${plan.optimal ? ' (optimal)' : ''} | ${plan.lowerBound} | ${core + stepped.bound} | ${bound} (${(core + box.bound).toFixed(1)}) | ${((100 * (hours - bound)) / hours).toFixed(1)} % | ${box.iterations} | ${box.converged ? 'yes' : 'no'} | ${cpu.toFixed(1)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
