// Division planner at real scale (issue 20): 1,200 / 2,500 / 5,000 students, tracked and mixed
// choices, and one instance shaped like a college's semester-7 open electives built from the
// onboarding workbook generator. Reports time, hours, the proven lower bound, gap, balance, splits,
// next to the combinatorial bound the planner reported before column generation.
// Run: nice -n 10 npx tsx bench/planner/scale.bench.ts [--only 1200] [--cpu-clock]
// --cpu-clock: budgets and times in this process's CPU time (see bench/lib/cpu-clock.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { combinatorialLowerBound } from '../../packages/planner/src/divisions/evaluate';
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import type { PlannerStudent, PlannerSubject } from '../../packages/planner/src/model';
import { seededRandom } from '../../packages/planner/src/testing/instances';
import { generateRows, ISSUE_SIZE } from '../onboarding/generate-workbook';
import { cpuMs, useCpuClock } from '../lib/cpu-clock';
import { SCALE_MAX_DIVISION_SIZE, scaleInstance } from './scale-instances';

interface Case {
  readonly label: string;
  readonly subjects: PlannerSubject[];
  readonly students: PlannerStudent[];
  readonly max: number;
  readonly budgetMs: number;
}

const only = process.argv.includes('--only')
  ? Number(process.argv[process.argv.indexOf('--only') + 1])
  : null;

/**
 * Semester 7 of the onboarding workbook's college (5,000 students, 6 branches): all branches' students
 * choose one open elective per slot from the semester's elective subjects (their L/T/P as in the
 * workbook), five slots; a student prefers electives offered by their own branch (70 %).
 */
function collegeCase(): Case {
  const rows = generateRows(ISSUE_SIZE, 1);
  const electives = rows.Subjects.slice(1).filter((row) => row[5] === '7' && row[7] === 'yes');
  const slots = 5;
  const subjects: PlannerSubject[] = electives.map((row, index) => ({
    slug: row[0] ?? `sub-${index}`,
    name: row[2] ?? `Subject ${index}`,
    shortName: `E${index}`,
    L: Number(row[10]),
    T: Number(row[11]),
    P: Number(row[12]),
    elective: true,
    category: `slot-${(index % slots) + 1}`,
  }));
  const random = seededRandom(77);
  const cohort = rows.Students.slice(1).filter((row) => row[5] === '7');
  const students: PlannerStudent[] = cohort.map((row, index) => {
    const branch = row[3];
    const electivesChosen = Array.from({ length: slots }, (_, slot) => {
      const options = subjects.filter((s) => s.category === `slot-${slot + 1}`);
      const own = options.filter((s) => electives[subjects.indexOf(s)]?.[4] === branch);
      const pool = own.length > 0 && random() < 0.7 ? own : options;
      return pool[Math.floor(random() * pool.length)]?.slug ?? '';
    });
    return { slug: `stu-${index}`, enrollment: row[0] ?? String(index), electives: electivesChosen };
  });
  return {
    label: `college (workbook sem 7, ${subjects.length} electives)`,
    subjects,
    students,
    max: 66,
    budgetMs: 2000,
  };
}

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
if (only === null) cases.push(collegeCase());

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
