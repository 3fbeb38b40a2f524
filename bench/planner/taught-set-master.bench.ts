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
import type { Pattern } from '../../packages/planner/src/divisions/columns/pricing';
import { assignmentIssues, scoreAssignment } from '../../packages/planner/src/divisions/evaluate';
import { heuristicWindow } from '../../packages/planner/src/divisions/heuristic';
import type { Counts, DivisionProblem } from '../../packages/planner/src/divisions/problem';
import { runMip } from '../../packages/planner/src/solver/highs-runner';
import { LpBuilder } from '../../packages/planner/src/solver/lp-builder';
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

/** The electives a pattern's students take, ascending. */
function taughtSet(problem: DivisionProblem, pattern: Pattern): number[] {
  const taught = new Set<number>();
  for (const g of pattern.groups) for (const e of problem.groupElectives[g] ?? []) taught.add(e);
  return [...taught].sort((a, b) => a - b);
}

/** The MIP over the pool's taught sets, with the plan as its start. */
function masterModel(problem: DivisionProblem, pool: number[][], window: { low: number; high: number }) {
  const model = new LpBuilder('minimize');
  const groupFlows = problem.groups.map(() => [] as { coefficient: number; variable: string }[]);
  pool.forEach((set, s) => {
    const inSet = new Set(set);
    model.integer(`z${s}`, 0, problem.divisionCount);
    model.addObjective(
      set.reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0),
      `z${s}`,
    );
    const flows: { coefficient: number; variable: string }[] = [];
    problem.groupElectives.forEach((electives, g) => {
      if (!electives.every((e) => inSet.has(e))) return;
      model.continuous(`f${s}_${g}`, 0, problem.groups[g]?.size ?? 0);
      flows.push({ coefficient: 1, variable: `f${s}_${g}` });
      groupFlows[g]?.push({ coefficient: 1, variable: `f${s}_${g}` });
    });
    model.addRow(`high${s}`, [...flows, { coefficient: -window.high, variable: `z${s}` }], '<=', 0);
    model.addRow(`low${s}`, [...flows, { coefficient: -window.low, variable: `z${s}` }], '>=', 0);
  });
  groupFlows.forEach((flows, g) => model.addRow(`g${g}`, flows, '=', problem.groups[g]?.size ?? 0));
  model.addRow(
    'divisions',
    pool.map((_, s) => ({ coefficient: 1, variable: `z${s}` })),
    '=',
    problem.divisionCount,
  );
  return model.toString();
}

/**
 * The plan a solution describes: each set's flow (rounded; the transportation polytope is
 * integral) dealt to its z divisions, filling them one after the other to near-equal sizes.
 */
function planFrom(problem: DivisionProblem, pool: number[][], values: ReadonlyMap<string, number>): Counts {
  const counts: Counts = problem.groups.map(() => new Array<number>(problem.divisionCount).fill(0));
  let division = 0;
  pool.forEach((_, s) => {
    const z = Math.round(values.get(`z${s}`) ?? 0);
    if (z === 0) return;
    const flows = problem.groups.map((_, g) => Math.round(values.get(`f${s}_${g}`) ?? 0));
    const total = flows.reduce((sum, f) => sum + f, 0);
    const targets = Array.from({ length: z }, (_, i) => Math.floor(total / z) + (i < total % z ? 1 : 0));
    let slot = 0;
    flows.forEach((flow, g) => {
      let left = flow;
      while (left > 0 && slot < z) {
        const take = Math.min(left, targets[slot] ?? 0);
        const row = counts[g];
        if (row) row[division + slot] = (row[division + slot] ?? 0) + take;
        left -= take;
        targets[slot] = (targets[slot] ?? 0) - take;
        if ((targets[slot] ?? 0) === 0) slot += 1;
      }
    });
    division += z;
  });
  return counts;
}

function startValues(problem: DivisionProblem, pool: number[][], plan: Counts): Map<string, number> {
  const index = new Map(pool.map((set, s) => [set.join(','), s]));
  const start = new Map<string, number>();
  for (const pattern of planPatterns(problem, plan)) {
    const s = index.get(taughtSet(problem, pattern).join(','));
    if (s === undefined) continue;
    start.set(`z${s}`, (start.get(`z${s}`) ?? 0) + 1);
    pattern.groups.forEach((g, i) =>
      start.set(`f${s}_${g}`, (start.get(`f${s}_${g}`) ?? 0) + (pattern.amounts[i] ?? 0)),
    );
  }
  return start;
}

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
  const sets = new Map<string, number[]>();
  for (const pattern of [...planPatterns(problem, search.counts), ...box.patterns]) {
    const set = taughtSet(problem, pattern);
    sets.set(set.join(','), set);
  }
  const pool = [...sets.values()];
  const window = heuristicWindow(problem);
  const run = await runMip(masterModel(problem, pool, window), {
    deadline: performance.now() + mipMs,
    start: startValues(problem, pool, search.counts),
  });
  const plan = run.values ? planFrom(problem, pool, run.values) : search.counts;
  const issues = assignmentIssues(problem, plan);
  const checked = scoreAssignment(problem, plan).teachingHours;
  console.log(
    `| ${label} | ${hours} | ${(core + box.bound).toFixed(1)}${box.converged ? ' (converged)' : ''} | ${pool.length} | ${checked} | ${run.dualBound === null ? '-' : (core + run.dualBound).toFixed(1)} | ${issues.length === 0 ? 'none' : issues.join('; ')} | ${((performance.now() - started) / 1000).toFixed(0)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
