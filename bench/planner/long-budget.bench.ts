// Where the 1,200-student gap is (issue 20): the planner's Lagrangian path (first plan, steps,
// dives, ray, box-step) given many times its budget, then subgradient steps until their work
// limits, then box-step from their best duals with an exact pricing (no node limit) and no
// target, on the scale bench's 1,200-student instances. Called directly rather than through
// planDivisions, which at budgets of tens of seconds switches to the compact MIP.
// Run: nice -n 10 npx tsx bench/planner/long-budget.bench.ts [--only tracked|mixed|college]
//      [--plan-ms 20000] [--steps-ms 30000] [--box-ms 150000] [--box-points 1000]
//      [--progress [--progress-s 60]]   (always in CPU time; --progress logs box-step's proven
//      bound to stderr every progress-s seconds of CPU)
import { loadavg } from 'node:os';
import type { BoxStepPoint } from '../../packages/planner/src/divisions/columns/box-step';
import { useCpuClock } from '../lib/cpu-clock';
import { numberOption, textOption } from '../lib/options';
import { relaxationRun } from './relaxation-run';
import { longBudgetCases } from './scale-instances';

useCpuClock();
const only = textOption('only', '');
const planMs = numberOption('plan-ms', 20_000);
const stepsMs = numberOption('steps-ms', 30_000);
const boxMs = numberOption('box-ms', 150_000);
const boxPoints = numberOption('box-points', 1000);
const progressMs = process.argv.includes('--progress') ? numberOption('progress-s', 60) * 1000 : null;

console.log(
  '| series | search h | search LB | search detail | steps | steps LB | box-step LB | points | converged | cpu s | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const { label: series, problem } of longBudgetCases(only)) {
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  const opened = performance.now();
  let logged = -Infinity;
  const onBoxPoint = (point: BoxStepPoint) => {
    if (progressMs === null || performance.now() - logged < progressMs) return;
    logged = performance.now();
    console.error(
      `${series}: box-step point ${point.iterations}, proven ${(core + point.bound).toFixed(1)} h (this point ${(core + point.value).toFixed(1)} h), ${point.cuts} cuts, delta ${point.delta.toPrecision(3)}, cpu ${((logged - opened) / 1000).toFixed(0)} s, ${new Date().toISOString().slice(11, 19)} UTC, load ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
  };
  const { started, search, hours, stepped, box } = await relaxationRun(problem, {
    planMs,
    stepsMs,
    boxMs,
    boxIterations: boxPoints,
    onBoxPoint,
  });
  console.log(
    `| ${series} | ${hours} | ${core + search.electiveBound} | ${search.detail} | ${stepped.steps} | ${core + stepped.bound} | ${(core + box.bound).toFixed(1)} | ${box.iterations} | ${box.converged ? 'yes' : 'no'} | ${((performance.now() - started) / 1000).toFixed(0)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
