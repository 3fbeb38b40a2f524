// The scale bench's generated semesters (issue 20), shared by the benches that study them.
import { buildProblem, type DivisionProblem } from '../../packages/planner/src/divisions/problem';
import type { GeneratedInstance } from '../../packages/planner/src/testing/instances';
import { generateInstance, seededRandom } from '../../packages/planner/src/testing/instances';
import type { PlannerStudent, PlannerSubject } from '../../packages/planner/src/model';
import { generateRows, ISSUE_SIZE } from '../onboarding/generate-workbook';

export type ScaleSeries = 'tracked' | 'mixed';

/** Division size limit of every scale instance. */
export const SCALE_MAX_DIVISION_SIZE = 66;

/** `students` students, 8 categories of 2-5 options; `tracked` follows the track 85 % of the time, `mixed` 60 %. */
export function scaleInstance(students: number, series: ScaleSeries): GeneratedInstance {
  const tracked = series === 'tracked';
  return generateInstance({
    students,
    categories: 8,
    minOptions: 2,
    maxOptions: 5,
    trackAffinity: tracked ? 0.85 : 0.6,
    seed: 2000 + students + (tracked ? 1 : 2),
  });
}

/** The series an `--only` option selects ('' for both). */
export function selectedSeries(only: string): ScaleSeries[] {
  return (['tracked', 'mixed'] as const).filter((series) => only === '' || only === series);
}

/** A scale instance and its problem (fewest divisions the size limit allows, default balance). */
export function scaleCase(students: number, series: ScaleSeries) {
  const instance = scaleInstance(students, series);
  const problem = buildProblem(instance.subjects, instance.students, SCALE_MAX_DIVISION_SIZE);
  return { instance, problem };
}

/** One planning input of the scale benches: its subjects, students, size limit and budget. */
export interface PlanningCase {
  readonly label: string;
  readonly subjects: PlannerSubject[];
  readonly students: PlannerStudent[];
  readonly max: number;
  readonly budgetMs: number;
}

/**
 * Semester 7 of the onboarding workbook's college (5,000 students, 6 branches): all branches' students
 * choose one open elective per slot from the semester's elective subjects (their L/T/P as in the
 * workbook), five slots; a student prefers electives offered by their own branch (70 %).
 */
export function collegeCase(): PlanningCase {
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

/**
 * The instances the long-budget benches study, as `--only` selects them ('' for all): the scale
 * bench's 1,200-student tracked and mixed semesters and the college-shaped one.
 */
export function longBudgetCases(only: string): { label: string; problem: DivisionProblem }[] {
  const cases: { label: string; problem: DivisionProblem }[] = selectedSeries(
    only === 'college' ? 'none' : only,
  ).map((series) => ({ label: series, problem: scaleCase(1200, series).problem }));
  if (only === '' || only === 'college') {
    const college = collegeCase();
    cases.push({ label: 'college', problem: buildProblem(college.subjects, college.students, college.max) });
  }
  return cases;
}
