// Teacher load allocation benchmark: exact (HiGHS) vs the greedy start, up to 150 teachers.
// Run: npx tsx bench/planner/allocate.bench.ts [--budget-ms 2000] [--cpu-clock] [--first-call [--warm-up]]
// --cpu-clock: budgets and times in this process's CPU time (see bench/lib/cpu-clock.ts). Units come
// from the division heuristic (exact: false, no deadline in reach), so they are the same in every run.
// --first-call: only the 150-teacher row, as the first solver call of this fresh process (what a
// fresh server's first allocation gets); --warm-up: after `warmUpAllocation()`, as the planner
// worker does at start (allocation-0006). Run it once per process, several times.
// --write-cost-models DIR: writes each row's cost model (LP format, at the coverage and fair share the
// call reached) to DIR/allocate-<teachers>.lp, for reference runs of other solvers (allocation-0007).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { cpuMs, useCpuClock } from '../lib/cpu-clock';
import { allocateLoad } from '../../packages/planner/src/allocation/allocate-load';
import { buildAllocationModel } from '../../packages/planner/src/allocation/exact-model';
import { greedyAllocation } from '../../packages/planner/src/allocation/greedy';
import {
  allocationCost,
  buildAllocationProblem,
  coveredHours,
  fairShare,
} from '../../packages/planner/src/allocation/problem';
import { buildTeachingUnits } from '../../packages/planner/src/allocation/units';
import { warmUpAllocation } from '../../packages/planner/src/allocation/warm-up';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { generateInstance, seededRandom } from '../../packages/planner/src/testing/instances';

const index = process.argv.indexOf('--budget-ms');
const budgetMs = index >= 0 ? Number(process.argv[index + 1]) : 2000;
if (process.argv.includes('--cpu-clock')) useCpuClock();
const firstCallOnly = process.argv.includes('--first-call');
const warmUp = process.argv.includes('--warm-up');
const modelsAt = process.argv.indexOf('--write-cost-models');
const modelDir = modelsAt >= 0 ? process.argv[modelsAt + 1] : undefined;

/** Far beyond what the division heuristic's move limit needs (~1 s of CPU per row). */
const DIVISIONS_BUDGET_MS = 600_000;

const cases = [
  { students: 300, categories: 5, teachers: 40, capacity: 'ample' },
  { students: 600, categories: 6, teachers: 80, capacity: 'ample' },
  { students: 1200, categories: 8, teachers: 150, capacity: 'ample' },
  { students: 1200, categories: 8, teachers: 110, capacity: 'tight' },
];

const rows: Record<string, unknown>[] = [];
console.log(
  '| N | teachers | units | hours | capacity | covered (greedy) | covered (ours) | bound | rank 1/2/3+ share | load min-max | teachers/subject | deviation mean/max h | switches mean/max | cost greedy → ours | gap | time ms | cpu ms | load | method |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [position, shape] of cases.entries()) {
  if (firstCallOnly && shape.teachers !== 150) continue;
  const instance = generateInstance({ ...shape, minOptions: 2, maxOptions: 5, seed: 2000 + position });
  // The division heuristic stops at its move limit or its deadline, whichever comes first; a
  // deadline far away leaves only the move limit, so the units are the same under any load (with
  // the default 2 s, runs at load 12-18 made 2,576-2,748 h at 150 teachers, 2026-11-28).
  const plan = await planDivisions({
    ...instance,
    maxDivisionSize: 66,
    exact: false,
    timeBudgetMs: DIVISIONS_BUDGET_MS,
  });
  const units = buildTeachingUnits(plan, instance.subjects);
  const random = seededRandom(3000 + position);
  const slugs = instance.subjects.map((subject) => subject.slug);
  const teachers = Array.from({ length: shape.teachers }, (_, t) => {
    const wanted = 3 + Math.floor(random() * 6);
    const priorities = [...slugs].sort(() => random() - 0.5).slice(0, wanted);
    const maxHours =
      shape.capacity === 'tight' ? 12 + Math.floor(random() * 7) : 16 + Math.floor(random() * 5);
    return {
      slug: `t${String(t).padStart(3, '0')}`,
      priorities,
      maxHours,
      seniority: Math.floor(random() * 30),
    };
  });
  const input = { units, teachers, timeBudgetMs: budgetMs };
  const problem = buildAllocationProblem(input);
  const greedy = greedyAllocation(problem);
  if (warmUp) {
    const warmStart = cpuMs();
    const warm = await warmUpAllocation();
    console.log(
      `warm-up: LP ${warm.lp}, MIP ${warm.mip}, call ${warm.method}; ${Math.round(cpuMs() - warmStart)} ms CPU`,
    );
  }
  const cpuStart = cpuMs();
  const result = await allocateLoad(input);
  const cpuUsed = Math.round(cpuMs() - cpuStart);
  const share = fairShare(problem, result.report.coveredHours);
  if (modelDir) {
    const model = buildAllocationModel(problem, {
      kind: 'cost',
      minCovered: result.report.coveredHours,
      share,
    });
    mkdirSync(modelDir, { recursive: true });
    writeFileSync(`${modelDir}/allocate-${shape.teachers}.lp`, model.text);
  }
  const greedyCovered = coveredHours(problem, greedy);
  const greedyCost = allocationCost(problem, greedy, fairShare(problem, greedyCovered));
  const rankShare = (rank: number) =>
    result.report.rankShare
      .filter((r) => (rank < 3 ? r.rank === rank : (r.rank ?? 99) >= 3))
      .reduce((s, r) => s + r.share, 0);
  const capacity = teachers.reduce((sum, t) => sum + t.maxHours, 0);
  // Per teacher: workload deviation from the fair load (share × their maximum) and subject
  // switches (distinct subjects taught − 1), the two things a teacher notices; the result carries
  // them (summary.ts), the bench reports the deviation in size.
  const perTeacher = result.teachers.map((load) => ({
    teacher: load.teacher,
    load: load.total,
    fair: load.fairHours,
    deviation: Math.abs(load.deviation),
    switches: load.subjectSwitches,
  }));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  const deviations = perTeacher.map((t) => t.deviation);
  const switches = perTeacher.map((t) => t.switches);
  const row = {
    students: shape.students,
    teachers: shape.teachers,
    units: units.length,
    hours: result.report.totalHours,
    capacity,
    greedyCovered,
    covered: result.report.coveredHours,
    coverageBound: result.coverageBound,
    rankShare: [1, 2, 3].map(rankShare),
    load: result.report.load,
    teachersPerSubject: result.report.teachersPerSubject,
    greedyCost,
    cost: result.cost,
    costCheck: allocationCost(problem, greedy, share),
    gap: result.gap,
    optimal: result.optimal,
    timeMs: result.timeMs,
    cpuMs: cpuUsed,
    loadAverage: loadavg()[0] ?? 0,
    method: result.method,
    deviation: { mean: mean(deviations), max: Math.max(0, ...deviations) },
    switches: { mean: mean(switches), max: Math.max(0, ...switches) },
    perTeacher,
  };
  rows.push(row);
  const shares = row.rankShare.map((s) => `${Math.round(100 * s)}`).join('/');
  console.log(
    `| ${row.students} | ${row.teachers} | ${row.units} | ${row.hours} | ${capacity} | ${greedyCovered} | ${row.covered} | ${row.coverageBound} | ${shares} % | ${row.load.min}-${row.load.max} | ${row.teachersPerSubject.toFixed(2)} | ${row.deviation.mean.toFixed(1)}/${row.deviation.max.toFixed(1)} | ${row.switches.mean.toFixed(2)}/${row.switches.max} | ${greedyCost.toFixed(1)} → ${row.cost.toFixed(1)} | ${(100 * row.gap).toFixed(1)} % | ${row.timeMs} | ${cpuUsed} | ${row.loadAverage.toFixed(1)} | ${row.method} |`,
  );
}
mkdirSync('bench/out', { recursive: true });
if (!firstCallOnly)
  writeFileSync('bench/out/planner-allocate.json', `${JSON.stringify({ budgetMs, rows }, null, 2)}\n`);
