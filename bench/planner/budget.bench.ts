// Is the time budget kept (issue 20: "honoured within 10 %")? Runs the `planner divisions` CLI as
// a user would, one fresh process per run (so every run pays a cold start: JIT, HiGHS's module),
// over semesters that take each path (compact MIP at 60-600 students, Lagrangian search from
// ~900) and budgets from 300 ms to 10 s, and reports the `ms` the plan prints against its budget.
// Wall clock, as in the product: run it on a quiet machine (the load is printed with each row).
// Run: npx tsx bench/planner/budget.bench.ts [--budgets 300,500,1000,2000] [--only college|tracked|mixed]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { textOption } from '../lib/options';
import { collegeCase, SCALE_MAX_DIVISION_SIZE, scaleInstance, selectedSeries } from './scale-instances';
import type { PlanningCase } from './scale-instances';

const TOLERANCE = 0.1;
const budgets = textOption('budgets', '300,500,1000,2000,5000').split(',').map(Number);
const only = textOption('only', '');

const cases: Omit<PlanningCase, 'budgetMs'>[] = [];
for (const students of [60, 240, 600, 1200, 5000]) {
  for (const series of selectedSeries(only === 'college' ? 'none' : only)) {
    cases.push({ label: series, ...scaleInstance(students, series), max: SCALE_MAX_DIVISION_SIZE });
  }
}
if (only === '' || only === 'college') cases.push(collegeCase());

const directory = mkdtempSync(join(tmpdir(), 'planner-budget-'));
const cli = join('packages', 'planner', 'bin', 'planner.mjs');
console.log('| series | N | budget ms | ms | ms / budget | load | hours | LB | gap | method |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const rows: Record<string, unknown>[] = [];
for (const c of cases) {
  for (const budgetMs of budgets) {
    const input = join(directory, 'input.json');
    const output = join(directory, 'plan.json');
    const plan = {
      subjects: c.subjects,
      students: c.students,
      maxDivisionSize: c.max,
      timeBudgetMs: budgetMs,
    };
    writeFileSync(input, JSON.stringify(plan));
    const run = spawnSync(process.execPath, [cli, 'divisions', '--in', input, '--out', output], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`planner failed (${c.label} ${c.students.length}): ${run.stderr}`);
    const printed = JSON.parse(readFileSync(output, 'utf8')) as {
      ms: number;
      lower_bound: number;
      gap: number;
      method: string;
      objective: { teachingHours: number };
    };
    const ratio = printed.ms / budgetMs;
    const row = {
      series: c.label,
      students: c.students.length,
      budgetMs,
      ms: printed.ms,
      ratio,
      over: ratio > 1 + TOLERANCE,
      loadAverage: loadavg()[0] ?? 0,
      teachingHours: printed.objective.teachingHours,
      lowerBound: printed.lower_bound,
      gap: printed.gap,
      method: printed.method.split(';')[0],
    };
    rows.push(row);
    console.log(
      `| ${row.series} | ${row.students} | ${budgetMs} | ${row.ms} | ${ratio.toFixed(2)}${row.over ? ' **over**' : ''} | ${row.loadAverage.toFixed(1)} | ${row.teachingHours} | ${row.lowerBound} | ${(100 * row.gap).toFixed(1)} % | ${row.method} |`,
    );
  }
}
const over = rows.filter((row) => row.over);
const worst = Math.max(...rows.map((row) => Number(row.ratio)));
console.log(
  `\n${rows.length} runs, ${over.length} over budget + ${100 * TOLERANCE} %, largest ms / budget ${worst.toFixed(2)}`,
);
mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/planner-budget.json', `${JSON.stringify(rows, null, 2)}\n`);
