// How strong is the pattern (Dantzig-Wolfe) relaxation of the division problem, apart from how fast
// a method reaches it? On instances small enough for the compact MIP to prove its optimum, this
// solves the Lagrangian dual of the pattern formulation to optimality with a stabilised cutting-plane
// method (box-step: an LP over the patterns priced so far, duals kept in a box around the best point,
// exact pricing at every LP point) and prints it next to the subgradient's bound and the optimum.
// Offline reference only (seconds to minutes per instance); the planner itself uses the subgradient.
// Run: nice -n 5 npx tsx bench/planner/pattern-bound.bench.ts [--cpu-clock] [--iterations 400]
import { loadavg } from 'node:os';
import { priceDivisionPattern } from '../../packages/planner/src/divisions/columns/pricing';
import type { Pattern } from '../../packages/planner/src/divisions/columns/pricing';
import {
  combinatorialDuals,
  subgradientBound,
} from '../../packages/planner/src/divisions/columns/subgradient';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import type { DivisionProblem } from '../../packages/planner/src/divisions/problem';
import { runMip } from '../../packages/planner/src/solver/highs-runner';
import { LpBuilder } from '../../packages/planner/src/solver/lp-builder';
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

/** L(π) = Σ π·n − D·max_p(π·a_p − c_p) with exact pricing, and the best patterns found. */
function lagrangian(problem: DivisionProblem, duals: Float64Array) {
  const priced = priceDivisionPattern(problem, duals, {
    threshold: -Infinity,
    nodeLimit: 10_000_000,
    maxPatterns: 5,
    sizeLow: problem.sizeLow,
    sizeHigh: problem.sizeHigh,
  });
  let value = -problem.divisionCount * priced.upperBound;
  duals.forEach((pi, g) => (value += pi * (problem.groups[g]?.size ?? 0)));
  return { value, patterns: priced.patterns, complete: priced.complete };
}

/**
 * Box-step on the Lagrangian dual: maximise Σ π·n − D·μ subject to μ ≥ π·a_p − c_p for every
 * pattern priced so far, π within ±delta of the centre. Each LP point is priced exactly; a point
 * that gains at least a tenth of what the model promised becomes the centre. When the model's
 * maximum equals L(centre) with the box not binding, the centre is optimal.
 */
async function boxStep(problem: DivisionProblem) {
  const G = problem.groups.length;
  const D = problem.divisionCount;
  const cuts: Pattern[] = [];
  const seen = new Set<string>();
  const addCuts = (patterns: readonly Pattern[]) => {
    for (const pattern of patterns) {
      const key = pattern.groups.map((g, i) => `${g}:${pattern.amounts[i]}`).join(',');
      if (!seen.has(key)) {
        seen.add(key);
        cuts.push(pattern);
      }
    }
  };
  let centre = combinatorialDuals(problem);
  const first = lagrangian(problem, centre);
  addCuts(first.patterns);
  let centreValue = first.value;
  let delta = 0.5;
  let iterations = 0;
  let converged = false;
  for (; iterations < maxIterations && !converged; iterations += 1) {
    const model = new LpBuilder('maximize');
    for (let g = 0; g < G; g += 1) {
      model.continuous(`p${g}`, (centre[g] ?? 0) - delta, (centre[g] ?? 0) + delta);
      model.addObjective(problem.groups[g]?.size ?? 0, `p${g}`);
    }
    model.continuous('mu', -1e6, 1e6);
    model.addObjective(-D, 'mu');
    cuts.forEach((cut, i) =>
      model.addRow(
        `c${i}`,
        [
          ...cut.groups.map((g, j) => ({ coefficient: cut.amounts[j] ?? 0, variable: `p${g}` })),
          { coefficient: -1, variable: 'mu' },
        ],
        '<=',
        cut.cost,
      ),
    );
    const solved = await runMip(model.toString(), { deadline: performance.now() + 60_000, relax: true });
    if (solved.objective === null || !solved.values) break;
    const point = Float64Array.from(centre, (c, g) => solved.values?.get(`p${g}`) ?? c);
    const promised = solved.objective;
    const onBox = point.some((v, g) => Math.abs(v - (centre[g] ?? 0)) > delta * 0.999);
    if (!onBox && promised - centreValue <= 1e-6 * Math.max(1, Math.abs(promised))) {
      converged = true;
      break;
    }
    const query = Float64Array.from(point, (v, g) => 0.5 * (centre[g] ?? 0) + 0.5 * v);
    const priced = lagrangian(problem, query);
    addCuts(priced.patterns);
    if (priced.value > centreValue + 0.1 * (promised - centreValue)) {
      centre = query;
      centreValue = priced.value;
      if (onBox) delta *= 2;
    } else if (!onBox) {
      delta /= 2;
    }
  }
  return { value: centreValue, iterations, converged, patterns: cuts.length };
}

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
  const box = await boxStep(problem);
  const cpu = (performance.now() - started) / 1000;
  const bound = core + Math.ceil(box.value - 1e-6);
  console.log(
    `| ${c.label} | ${c.students} | ${problem.groups.length} | ${problem.divisionCount} | ${hours}${plan.optimal ? ' (optimal)' : ''} | ${plan.lowerBound} | ${core + stepped.bound} | ${bound} (${(core + box.value).toFixed(1)}) | ${((100 * (hours - bound)) / hours).toFixed(1)} % | ${box.iterations} | ${box.converged ? 'yes' : 'no'} | ${cpu.toFixed(1)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
