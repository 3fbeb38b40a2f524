import type { DivisionPlan } from './types';

/** `DivisionDetail` of the API contract (§10.2), generic in how a student is rendered. */
export interface DivisionDetailShape<TStudent> {
  division_name: string;
  total_student_count: number;
  total_batches: string[];
  batches: { batch_name: string; student_count: number; students: TStudent[] }[];
}

/** One `hour_deviations` row of the API contract (§10.3), including its sic key `initial_tutorial`. */
export interface HourDeviationShape {
  subject_name: string;
  total_divisions: number;
  initial_theory_hours: number;
  initial_tutorial: number;
  initial_practical_hours: number;
  final_theory_hours: number;
  final_tutorial_hours: number;
  final_practical_hours: number;
}

/** `plan_quality` of the suggestion (a Rollbook addition to §10.3). */
export interface PlanQualityShape {
  teaching_hours: number;
  lower_bound: number;
  gap: number;
  optimal: boolean;
  planning_ms: number;
}

/**
 * Maps a plan onto the `get_division_suggestion` response data: `divisions` as DivisionDetail
 * (core batches first, then elective batches) and `hour_deviations`, plus `plan_quality` (hours, bound, gap, time). `toStudent` renders a
 * student slug the way the server serialises students (slug, enrollment, profile). By default
 * only electives are listed in `hour_deviations`, as in the original product (core subjects are
 * implicit in every division); pass `includeCore: true` to list every subject.
 */
export function toSuggestionResponse<TStudent>(
  plan: DivisionPlan,
  toStudent: (slug: string) => TStudent,
  options: { includeCore?: boolean } = {},
): {
  divisions: DivisionDetailShape<TStudent>[];
  hour_deviations: HourDeviationShape[];
  plan_quality: PlanQualityShape;
} {
  return {
    divisions: plan.divisions.map((division) => ({
      division_name: division.name,
      total_student_count: division.size,
      total_batches: division.batches.map((batch) => batch.name),
      batches: division.batches.map((batch) => ({
        batch_name: batch.name,
        student_count: batch.students.length,
        students: batch.students.map(toStudent),
      })),
    })),
    hour_deviations: plan.hours
      .filter((row) => (options.includeCore ?? false) || row.elective)
      .map((row) => ({
        subject_name: row.subjectName,
        total_divisions: row.totalDivisions,
        initial_theory_hours: row.initialTheory,
        initial_tutorial: row.initialTutorial,
        initial_practical_hours: row.initialPractical,
        final_theory_hours: row.finalTheory,
        final_tutorial_hours: row.finalTutorial,
        final_practical_hours: row.finalPractical,
      })),
    plan_quality: {
      teaching_hours: plan.objective.teachingHours,
      lower_bound: plan.lowerBound,
      gap: plan.gap,
      optimal: plan.optimal,
      planning_ms: Math.round(plan.timeMs),
    },
  };
}
