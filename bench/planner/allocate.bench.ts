// Teacher load allocation benchmark: exact (HiGHS) vs the greedy start, up to 150 teachers.
// Run: npx tsx bench/planner/allocate.bench.ts [--budget-ms 2000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { allocateLoad } from '../../packages/planner/src/allocation/allocate-load';
import { greedyAllocation } from '../../packages/planner/src/allocation/greedy';
import {
  allocationCost,
  buildAllocationProblem,
  coveredHours,
  fairShare,
} from '../../packages/planner/src/allocation/problem';
import { buildTeachingUnits } from '../../packages/planner/src/allocation/units';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { generateInstance, seededRandom } from '../../packages/planner/src/testing/instances';

const index = process.argv.indexOf('--budget-ms');
const budgetMs = index >= 0 ? Number(process.argv[index + 1]) : 2000;

const cases = [
  { students: 300, categories: 5, teachers: 40, capacity: 'ample' },
  { students: 600, categories: 6, teachers: 80, capacity: 'ample' },
  { students: 1200, categories: 8, teachers: 150, capacity: 'ample' },
  { students: 1200, categories: 8, teachers: 110, capacity: 'tight' },
];

const rows: Record<string, unknown>[] = [];
console.log(
  '| N | teachers | units | hours | capacity | covered (greedy) | covered (ours) | bound | rank 1/2/3+ share | load min-max | teachers/subject | cost greedy → ours | gap | time ms | method |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [position, shape] of cases.entries()) {
  const instance = generateInstance({ ...shape, minOptions: 2, maxOptions: 5, seed: 2000 + position });
  const plan = await planDivisions({ ...instance, maxDivisionSize: 66, timeBudgetMs: 1000 });
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
  const result = await allocateLoad(input);
  const share = fairShare(problem, result.report.coveredHours);
  const greedyCovered = coveredHours(problem, greedy);
  const greedyCost = allocationCost(problem, greedy, fairShare(problem, greedyCovered));
  const rankShare = (rank: number) =>
    result.report.rankShare
      .filter((r) => (rank < 3 ? r.rank === rank : (r.rank ?? 99) >= 3))
      .reduce((s, r) => s + r.share, 0);
  const capacity = teachers.reduce((sum, t) => sum + t.maxHours, 0);
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
    method: result.method,
  };
  rows.push(row);
  const shares = row.rankShare.map((s) => `${Math.round(100 * s)}`).join('/');
  console.log(
    `| ${row.students} | ${row.teachers} | ${row.units} | ${row.hours} | ${capacity} | ${greedyCovered} | ${row.covered} | ${row.coverageBound} | ${shares} % | ${row.load.min}-${row.load.max} | ${row.teachersPerSubject.toFixed(2)} | ${greedyCost.toFixed(1)} → ${row.cost.toFixed(1)} | ${(100 * row.gap).toFixed(1)} % | ${row.timeMs} | ${row.method} |`,
  );
}
mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/planner-allocate.json', `${JSON.stringify({ budgetMs, rows }, null, 2)}\n`);
