// Division planner at real scale (issue 20): 1,200 / 2,500 / 5,000 students, tracked and mixed
// choices, and one instance shaped like a college's semester-7 open electives built from the
// onboarding workbook generator. Reports time, hours, the proven lower bound, gap, balance, splits,
// next to the combinatorial bound the planner reported before column generation.
// Run: nice -n 10 npx tsx bench/planner/scale.bench.ts [--only 1200|2500|5000|624 (the college)] [--cpu-clock]
// --cpu-clock: budgets and times in this process's CPU time (see bench/lib/cpu-clock.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { combinatorialLowerBound } from '../../packages/planner/src/divisions/evaluate';
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { cpuMs, useCpuClock } from '../lib/cpu-clock';
import { collegeCase, SCALE_MAX_DIVISION_SIZE, scaleInstance, type PlanningCase } from './scale-instances';

type Case = PlanningCase;

const only = process.argv.includes('--only')
  ? Number(process.argv[process.argv.indexOf('--only') + 1])
  : null;

if (process.argv.includes('--cpu-clock')) useCpuClock();

const cases: Case[] = [];
for (const [students, budgetMs] of [
  [1200, 2000],
  [2500, 5000],
  [5000, 10000],
] as const) {
  if (only !== null && only !== students) continue;
  for (const series of ['tracked', 'mixed'] as const) {
    const instance = scaleInstance(students, series);
    cases.push({ label: series, ...instance, max: SCALE_MAX_DIVISION_SIZE, budgetMs });
  }
}
if (only === null || only === 624) cases.push(collegeCase());

console.log(
  '| series | N | groups | D | budget ms | cpu ms | wall ms | load | hours | LB | gap | old LB (gap) | spread | splits | method |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const results: Record<string, unknown>[] = [];
for (const c of cases) {
  const problem = buildProblem(c.subjects, c.students, c.max);
  const wallStart = Date.now();
  const cpuStart = cpuMs();
  const plan = await planDivisions({
    subjects: c.subjects,
    students: c.students,
    maxDivisionSize: c.max,
    timeBudgetMs: c.budgetMs,
  });
  const cpuUsed = Math.round(cpuMs() - cpuStart);
  const wallUsed = Date.now() - wallStart;
  const oldBound = combinatorialLowerBound(problem);
  const hours = plan.objective.teachingHours;
  const row = {
    series: c.label,
    students: c.students.length,
    groups: problem.groups.length,
    divisions: plan.objective.divisions,
    budgetMs: c.budgetMs,
    timeMs: plan.timeMs,
    cpuMs: cpuUsed,
    wallMs: wallUsed,
    loadAverage: loadavg()[0] ?? 0,
    teachingHours: hours,
    lowerBound: plan.lowerBound,
    gap: plan.gap,
    combinatorialBound: oldBound,
    sizeSpread: plan.objective.sizeSpread,
    spreadLimit: plan.spreadLimit,
    groupSplits: plan.objective.groupSplits,
    method: plan.method,
  };
  results.push(row);
  console.log(
    `| ${c.label} | ${row.students} | ${row.groups} | ${row.divisions} | ${c.budgetMs} | ${cpuUsed} | ${wallUsed} | ${row.loadAverage.toFixed(1)} | ${hours} | ${row.lowerBound} | ${(100 * row.gap).toFixed(1)} % | ${oldBound} (${((100 * (hours - oldBound)) / hours).toFixed(1)} %) | ${row.sizeSpread} | ${row.groupSplits} | ${row.method} |`,
  );
}
mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/planner-scale.json', `${JSON.stringify(results, null, 2)}\n`);
