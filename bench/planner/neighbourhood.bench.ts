// Is the planner's plan at 1,200 students locally optimal? Takes the 2-s plan of the scale bench's
// 1,200-student instances and re-optimises k of its divisions at a time exactly: their students
// are pooled and split again by the compact hours MIP (packages/planner/src/divisions/exact-model.ts)
// over just those divisions, sizes kept in the plan's window so the balance rule still holds.
// An improvement is kept. Reports how many subsets the MIP proved optimal and the hours gained.
// With `--method lagrangian` the subsets are re-planned instead by the planner's own large-instance
// path (lagrangianSearch: dives, local search, never worse than its start) within `--mip-ms`, which
// reaches subsets of 6-10 divisions the MIP cannot.
// (Issue 20: "how much of the gap is a weak plan"; see planner-divisions-bound-0004.)
// Run: nice -n 10 npx tsx bench/planner/neighbourhood.bench.ts [--only tracked|mixed] [--k 2] [--rounds 30] [--mip-ms 300] [--method mip|lagrangian] [--cpu-clock]
import { loadavg } from 'node:os';
import { scoreAssignment } from '../../packages/planner/src/divisions/evaluate';
import {
  buildDivisionModel,
  countsFromValues,
  startValues,
} from '../../packages/planner/src/divisions/exact-model';
import { lagrangianSearch } from '../../packages/planner/src/divisions/columns/lagrangian-search';
import { heuristicWindow } from '../../packages/planner/src/divisions/heuristic';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import type { Counts, DivisionProblem } from '../../packages/planner/src/divisions/problem';
import type { DivisionPlan } from '../../packages/planner/src/divisions/types';
import { runMip } from '../../packages/planner/src/solver/highs-runner';
import { seededRandom } from '../../packages/planner/src/testing/instances';
import { useCpuClock } from '../lib/cpu-clock';
import { numberOption, textOption } from '../lib/options';
import { SCALE_MAX_DIVISION_SIZE, scaleCase, selectedSeries } from './scale-instances';

if (process.argv.includes('--cpu-clock')) useCpuClock();
const k = numberOption('k', 2);
const rounds = numberOption('rounds', 30);
const mipMs = numberOption('mip-ms', 300);
const only = textOption('only', '');
const method = textOption('method', 'mip');
if (method !== 'mip' && method !== 'lagrangian') throw new Error('--method is mip or lagrangian');

/** The subset re-planned (null: nothing found), and whether it was proven optimal. */
async function replan(
  sub: DivisionProblem,
  start: Counts,
): Promise<{ next: Counts | null; proven: boolean }> {
  const deadline = performance.now() + mipMs;
  if (method === 'lagrangian')
    return { next: (await lagrangianSearch(sub, start, deadline)).counts, proven: false };
  const run = await runMip(buildDivisionModel(sub, { kind: 'hours' }), {
    deadline,
    start: startValues(sub, start),
    absoluteGap: 0.999,
  });
  return { next: run.values ? countsFromValues(sub, run.values) : null, proven: run.status === 'optimal' };
}

/** The plan's assignment matrix (students of each group per division). */
function planCounts(problem: DivisionProblem, plan: DivisionPlan): Counts {
  const index = new Map(problem.groups.map((group, g) => [group.key, g]));
  const counts = problem.groups.map(() => new Array<number>(problem.divisionCount).fill(0));
  plan.divisions.forEach((division, d) => {
    for (const part of division.parts) {
      const row = counts[index.get(part.groupKey) ?? -1];
      if (row) row[d] = (row[d] ?? 0) + part.students.length;
    }
  });
  return counts;
}

/**
 * The students of `divisions` as a problem of their own: the groups present there (sizes = their
 * students in those divisions), the electives they take, `divisions.length` divisions, every size
 * within the heuristic's window of the whole problem (so the whole plan stays balanced).
 */
function subProblem(problem: DivisionProblem, counts: Counts, divisions: readonly number[]) {
  const groupIds: number[] = [];
  const sizes: number[] = [];
  counts.forEach((row, g) => {
    const size = divisions.reduce((sum, d) => sum + (row[d] ?? 0), 0);
    if (size > 0) {
      groupIds.push(g);
      sizes.push(size);
    }
  });
  const used = [...new Set(groupIds.flatMap((g) => problem.groupElectives[g] ?? []))].sort((a, b) => a - b);
  const local = new Map(used.map((e, i) => [e, i]));
  const groupElectives = groupIds.map((g) =>
    (problem.groupElectives[g] ?? []).map((e) => local.get(e) ?? -1),
  );
  const electiveGroups = used.map(() => [] as number[]);
  const electiveStudents = used.map(() => 0);
  groupElectives.forEach((list, i) => {
    for (const e of list) {
      electiveGroups[e]?.push(i);
      electiveStudents[e] = (electiveStudents[e] ?? 0) + (sizes[i] ?? 0);
    }
  });
  const window = heuristicWindow(problem);
  const sub: DivisionProblem = {
    ...problem,
    groups: groupIds.map((g, i) => ({
      ...(problem.groups[g] ?? { key: '', electives: [], students: [] }),
      size: sizes[i] ?? 0,
    })),
    electives: used.map(
      (e) => problem.electives[e] ?? { slug: '', name: '', L: 0, T: 0, P: 0, elective: true },
    ),
    electiveHours: used.map((e) => problem.electiveHours[e] ?? 0),
    groupElectives,
    electiveGroups,
    electiveStudents,
    studentCount: sizes.reduce((sum, size) => sum + size, 0),
    divisionCount: divisions.length,
    spreadLimit: window.high - window.low,
    sizeLow: window.low,
    sizeHigh: window.high,
    coreHoursPerDivision: 0,
  };
  const start = groupIds.map((g) => divisions.map((d) => counts[g]?.[d] ?? 0));
  return { sub, groupIds, start };
}

console.log(
  '| series | N | D | k | method | plan h | subsets | proven optimal | gained h | after h | cpu s | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const students = 1200;
for (const series of selectedSeries(only)) {
  const { instance, problem } = scaleCase(students, series);
  const plan = await planDivisions({
    ...instance,
    maxDivisionSize: SCALE_MAX_DIVISION_SIZE,
    timeBudgetMs: 2000,
  });
  const counts = planCounts(problem, plan);
  const random = seededRandom(7);
  const started = performance.now();
  let proven = 0;
  let gained = 0;
  for (let round = 0; round < rounds; round += 1) {
    const divisions: number[] = [];
    while (divisions.length < Math.min(k, problem.divisionCount)) {
      const d = Math.floor(random() * problem.divisionCount);
      if (!divisions.includes(d)) divisions.push(d);
    }
    const { sub, groupIds, start } = subProblem(problem, counts, divisions);
    const before = scoreAssignment(sub, start).teachingHours;
    const { next, proven: optimal } = await replan(sub, start);
    if (optimal) proven += 1;
    if (!next) continue;
    const after = scoreAssignment(sub, next).teachingHours;
    if (after >= before) continue;
    gained += before - after;
    groupIds.forEach((g, i) => divisions.forEach((d, j) => ((counts[g] as number[])[d] = next[i]?.[j] ?? 0)));
  }
  const cpu = (performance.now() - started) / 1000;
  console.log(
    `| ${series} | ${students} | ${problem.divisionCount} | ${k} | ${method} | ${plan.objective.teachingHours} | ${rounds} | ${proven} | ${gained} | ${scoreAssignment(problem, counts).teachingHours} | ${cpu.toFixed(1)} | ${(loadavg()[0] ?? 0).toFixed(1)} |`,
  );
}
