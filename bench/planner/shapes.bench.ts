// Division planner on semester shapes the scale bench does not have (issue 20, tenth pass): wide
// open-elective slots, many slots, a grid of one student per pair of options, 5,000 students with
// skewed choices. Prints hours, the proven bound, the gap and which bound proved it.
// Run: nice -n 5 npx tsx bench/planner/shapes.bench.ts [--cpu-clock]
// --cpu-clock: budgets and times in this process's CPU time (see bench/lib/cpu-clock.ts).
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import { combinatorialLowerBound } from '../../packages/planner/src/divisions/evaluate';
import { divisionSizeBound } from '../../packages/planner/src/divisions/division-size-bound';
import { planDivisions } from '../../packages/planner/src/divisions/plan-divisions';
import { seededRandom } from '../../packages/planner/src/testing/instances';
import type { PlannerStudent, PlannerSubject } from '../../packages/planner/src/model';
import { useCpuClock } from '../lib/cpu-clock';

if (process.argv.includes('--cpu-clock')) useCpuClock();

interface Shape {
  readonly label: string;
  readonly slots: number;
  readonly options: number;
  readonly students: number;
  readonly max: number;
  /** Share of picks that go to each slot's first option (the rest are uniform). */
  readonly skew: number;
  readonly budgetMs: number;
  /** One student per pair of options of two slots, in order, instead of random picks. */
  readonly grid?: boolean;
}

const SHAPES: Shape[] = [
  { label: 'grid 6 x 6', slots: 2, options: 6, students: 36, max: 9, skew: 0, budgetMs: 2000, grid: true },
  {
    label: 'grid 10 x 10',
    slots: 2,
    options: 10,
    students: 100,
    max: 25,
    skew: 0,
    budgetMs: 2000,
    grid: true,
  },
  { label: 'one slot of 40', slots: 1, options: 40, students: 1200, max: 66, skew: 0, budgetMs: 2000 },
  { label: 'two slots of 30', slots: 2, options: 30, students: 900, max: 70, skew: 0, budgetMs: 2000 },
  { label: 'three slots of 10', slots: 3, options: 10, students: 1200, max: 66, skew: 0, budgetMs: 2000 },
  { label: 'twenty slots of 3', slots: 20, options: 3, students: 600, max: 60, skew: 0, budgetMs: 2000 },
  {
    label: '5,000, 8 slots of 4, skewed',
    slots: 8,
    options: 4,
    students: 5000,
    max: 66,
    skew: 0.3,
    budgetMs: 10000,
  },
];

function subjectsOf(shape: Shape): PlannerSubject[] {
  const core: PlannerSubject = { slug: 'core', name: 'Core', L: 3, T: 1, P: 2, elective: false };
  const electives = Array.from({ length: shape.slots * shape.options }, (_, i): PlannerSubject => {
    const slot = Math.floor(i / shape.options);
    return {
      slug: `e${slot}-${i % shape.options}`,
      name: `Elective ${slot}.${i % shape.options}`,
      L: 3,
      T: 0,
      P: 2,
      elective: true,
      category: `slot ${slot}`,
    };
  });
  return [core, ...electives];
}

function studentsOf(shape: Shape): PlannerStudent[] {
  const random = seededRandom(7 + shape.students + shape.options);
  return Array.from({ length: shape.students }, (_, i) => ({
    slug: `s${i}`,
    enrollment: String(100000 + i),
    electives: shape.grid
      ? [`e0-${Math.floor(i / shape.options)}`, `e1-${i % shape.options}`]
      : Array.from({ length: shape.slots }, (_, slot) => {
          const option = random() < shape.skew ? 0 : Math.floor(random() * shape.options);
          return `e${slot}-${option}`;
        }),
  }));
}

console.log(
  '| shape | N | D | budget ms | time ms | hours | LB | gap | per-elective LB | size LB | method |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const shape of SHAPES) {
  const subjects = subjectsOf(shape);
  const students = studentsOf(shape);
  const problem = buildProblem(subjects, students, shape.max, shape.grid ? 0 : undefined);
  const core = problem.coreHoursPerDivision * problem.divisionCount;
  const plan = await planDivisions({
    subjects,
    students,
    maxDivisionSize: shape.max,
    balanceTolerance: shape.grid ? 0 : undefined,
    timeBudgetMs: shape.budgetMs,
  });
  const cells = [
    shape.label,
    shape.students,
    problem.divisionCount,
    shape.budgetMs,
    Math.round(plan.timeMs),
    plan.objective.teachingHours,
    Math.round(plan.lowerBound),
    `${(plan.gap * 100).toFixed(1)} %`,
    combinatorialLowerBound(problem),
    core + divisionSizeBound(problem),
    plan.method.split(';')[0]?.slice(0, 60) ?? '',
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
process.exit(0);
