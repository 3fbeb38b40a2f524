// The scale bench's generated semesters (issue 20), shared by the benches that study them.
import { buildProblem } from '../../packages/planner/src/divisions/problem';
import type { GeneratedInstance } from '../../packages/planner/src/testing/instances';
import { generateInstance } from '../../packages/planner/src/testing/instances';

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
