// Division planner benchmark: our planner vs the original exhaustive method and the lower bound.
// Run: npx tsx bench/planner/divisions.bench.ts [--budget-ms 2000] [--original-limit-ms 60000] [--cpu-clock]
// --cpu-clock: budgets and times in this process's CPU time (see bench/lib/cpu-clock.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import { originalExhaustive } from '../../packages/planner/src/divisions/original-exhaustive';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { generateInstance } from '../../packages/planner/src/testing/instances';
import { useCpuClock } from '../lib/cpu-clock';

interface Case {
  readonly label: string;
  readonly students: number;
  readonly categories: number;
  readonly minOptions: number;
  readonly maxOptions: number;
  readonly max: number;
  readonly affinity: number;
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

if (process.argv.includes('--cpu-clock')) useCpuClock();

const budgetMs = option('--budget-ms', 2000);
const originalLimitMs = option('--original-limit-ms', 60_000);
// Past this many pieces the original search is hopeless within the limit; say so instead of waiting.
const originalMaxItems = option('--original-max-items', 16);

const cases: Case[] = [
  // Few choice groups (2 categories), where the original exhaustive method can finish.
  { label: 'few-groups', students: 60, categories: 2, minOptions: 2, maxOptions: 2, max: 35, affinity: 0.85 },
  {
    label: 'few-groups',
    students: 120,
    categories: 2,
    minOptions: 2,
    maxOptions: 3,
    max: 60,
    affinity: 0.85,
  },
  {
    label: 'few-groups',
    students: 180,
    categories: 2,
    minOptions: 2,
    maxOptions: 3,
    max: 60,
    affinity: 0.85,
  },
  // The design's realistic range: 4-8 categories with 2-5 options, two correlation levels.
  ...[0.85, 0.6].flatMap((affinity) =>
    [
      { students: 60, categories: 4, max: 35 },
      { students: 120, categories: 4, max: 60 },
      { students: 240, categories: 5, max: 60 },
      { students: 360, categories: 6, max: 60 },
      { students: 600, categories: 6, max: 66 },
      { students: 900, categories: 7, max: 66 },
      { students: 1200, categories: 8, max: 66 },
    ].map((shape) => ({
      label: affinity > 0.7 ? 'tracked' : 'mixed',
      minOptions: 2,
      maxOptions: 5,
      affinity,
      ...shape,
    })),
  ),
];

const rows: Record<string, unknown>[] = [];
console.log(
  '| series | N | cat | groups | D | ours h | LB | gap | spread | splits | time ms | method | original h (div) | original time |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [index, shape] of cases.entries()) {
  const instance = generateInstance({ ...shape, seed: 1000 + index, trackAffinity: shape.affinity });
  const problem = buildProblem(instance.subjects, instance.students, shape.max);
  const plan = await planDivisions({ ...instance, maxDivisionSize: shape.max, timeBudgetMs: budgetMs });
  const items = problem.groups.reduce((sum, group) => sum + Math.ceil(group.size / shape.max), 0);
  const original =
    items <= originalMaxItems
      ? originalExhaustive(instance.subjects, instance.students, shape.max, originalLimitMs)
      : null;
  const originalText = !original
    ? `not run (${items} pieces)`
    : original.finished
      ? `${original.teachingHours} (${original.divisions.length})`
      : `no result in ${originalLimitMs / 1000} s`;
  const row = {
    series: shape.label,
    students: shape.students,
    categories: shape.categories,
    groups: problem.groups.length,
    divisions: plan.objective.divisions,
    teachingHours: plan.objective.teachingHours,
    lowerBound: plan.lowerBound,
    gap: plan.gap,
    sizeSpread: plan.objective.sizeSpread,
    spreadLimit: plan.spreadLimit,
    groupSplits: plan.objective.groupSplits,
    timeMs: plan.timeMs,
    method: plan.method,
    optimal: plan.optimal,
    original: original && {
      finished: original.finished,
      teachingHours: original.teachingHours,
      divisions: original.divisions.length,
      sizes: original.divisions.map((d) => d.length),
      timeMs: original.timeMs,
      calls: original.calls,
    },
  };
  rows.push(row);
  console.log(
    `| ${shape.label} | ${shape.students} | ${shape.categories} | ${row.groups} | ${row.divisions} | ${row.teachingHours} | ${row.lowerBound} | ${(100 * row.gap).toFixed(1)} % | ${row.sizeSpread} | ${row.groupSplits} | ${row.timeMs} | ${row.method} | ${originalText} | ${original ? `${original.timeMs} ms` : '-'} |`,
  );
}
mkdirSync('bench/out', { recursive: true });
writeFileSync(
  'bench/out/planner-divisions.json',
  `${JSON.stringify({ budgetMs, originalLimitMs, rows }, null, 2)}\n`,
);
