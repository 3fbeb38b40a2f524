// Where the 1,200-student gap is (issue 20): the planner's Lagrangian path (first plan, steps,
// dives, ray, box-step) given many times its budget, then subgradient steps until their work
// limits, then box-step from their best duals with an exact pricing (no node limit) and no
// target, on the scale bench's 1,200-student instances. Called directly rather than through
// planDivisions, which at budgets of tens of seconds switches to the compact MIP.
// Run: nice -n 10 npx tsx bench/planner/long-budget.bench.ts [--only tracked|mixed|college]
//      [--plan-ms 20000] [--steps-ms 30000] [--box-ms 150000]   (always in CPU time)
import { loadavg } from 'node:os';
import { useCpuClock } from '../lib/cpu-clock';
import { numberOption, textOption } from '../lib/options';
import { relaxationRun } from './relaxation-run';
import { longBudgetCases } from './scale-instances';

useCpuClock();
const only = textOption('only', '');
const planMs = numberOption('plan-ms', 20_000);
const stepsMs = numberOption('steps-ms', 30_000);
const boxMs = numberOption('box-ms', 150_000);

console.log(
  '| series | search h | search LB | search detail | steps | steps LB | box-step LB | points | converged | cpu s | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const { label: series, problem } of longBudgetCases(only)) {
  const { started, core, search, hours, stepped, box } = await relaxationRun(problem, {
    planMs,
    stepsMs,
    boxMs,
    boxIterations: 1000,
  });
  console.log(
    `| ${series} | ${hours} | ${core + search.electiveBound} | ${search.detail} | ${stepped.steps} | ${core + stepped.bound} | ${(core + box.bound).toFixed(1)} | ${box.iterations} | ${box.converged ? 'yes' : 'no'} | ${((performance.now() - started) / 1000).toFixed(0)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
