// Issue 20, ninth pass: how far can a plan be improved by recombining the divisions the pattern
// relaxation prices? The "taught-set master": each priced pattern contributes its taught set S
// (the electives its students take); a MIP chooses z_S, how many divisions teach exactly S, and
// routes every group's students as a flow to sets that cover them (g ⊆ S), each set's divisions
// holding between `low` and `high` students. With z fixed the flow is a transportation problem,
// so any integer z the MIP finds is a plan. The plan is rebuilt from the solver's answer and
// scored by the planner's own `scoreAssignment`, so the hours printed are those of a checked plan.
// Run: nice -n 5 npx tsx bench/planner/taught-set-master.bench.ts [--only tracked|mixed|college]
//      [--plan-ms 2000] [--steps-ms 2000] [--box-ms 30000] [--mip-ms 90000]   (always in CPU time)
import { loadavg } from 'node:os';
import { planPatterns } from '../../packages/planner/src/divisions/columns/box-step';
import {
  planFromTaughtSets,
  taughtSetModel,
  taughtSetPool,
  taughtSetStart,
} from '../../packages/planner/src/divisions/columns/taught-set-master';
import { assignmentIssues, scoreAssignment } from '../../packages/planner/src/divisions/evaluate';
import { heuristicWindow } from '../../packages/planner/src/divisions/heuristic';
import { runMip } from '../../packages/planner/src/solver/highs-runner';
import { useCpuClock } from '../lib/cpu-clock';
import { numberOption, textOption } from '../lib/options';
import { relaxationRun } from './relaxation-run';
import { longBudgetCases } from './scale-instances';

useCpuClock();
const only = textOption('only', '');
const planMs = numberOption('plan-ms', 2000);
const boxMs = numberOption('box-ms', 30_000);
const mipMs = numberOption('mip-ms', 90_000);
const stepsMs = numberOption('steps-ms', 2000);

console.log(
  '| instance | plan h | relaxation LB (box-step) | pool sets | master h (checked) | master bound (pool only) | issues | cpu s | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { label, problem } of longBudgetCases(only)) {
  const { started, core, search, hours, box } = await relaxationRun(problem, {
    planMs,
    stepsMs,
    boxMs,
    boxIterations: 5000,
  });
  const pool = taughtSetPool(problem, [...planPatterns(problem, search.counts), ...box.patterns]);
  const run = await runMip(taughtSetModel(problem, pool, heuristicWindow(problem)).text, {
    deadline: performance.now() + mipMs,
    start: taughtSetStart(problem, pool, search.counts),
  });
  const plan = run.values ? planFromTaughtSets(problem, pool, run.values) : search.counts;
  const issues = assignmentIssues(problem, plan);
  const checked = scoreAssignment(problem, plan).teachingHours;
  console.log(
    `| ${label} | ${hours} | ${(core + box.bound).toFixed(1)}${box.converged ? ' (converged)' : ''} | ${pool.length} | ${checked} | ${run.dualBound === null ? '-' : (core + run.dualBound).toFixed(1)} | ${issues.length === 0 ? 'none' : issues.join('; ')} | ${((performance.now() - started) / 1000).toFixed(0)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
