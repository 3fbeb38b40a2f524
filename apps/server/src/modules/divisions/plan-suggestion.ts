import { planDivisions, type DivisionPlan, type DivisionPlanInput } from '@rollbook/planner';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { PlannerOverloadedError, type PlannerRunner } from '../../lib/planner-worker/planner-runner';
import { plannerStudents, plannerSubjects, type PlanningRoster } from './planning-roster';

/** The planner's time budget per suggestion; the worker is stopped if it runs past the hard limit. */
const DIVISION_TIME_BUDGET_MS = 2000;
const HARD_LIMIT_MS = DIVISION_TIME_BUDGET_MS + 4000;

/**
 * Plans a semester's divisions for a maximum division size in the planner worker (exact MIP within
 * the time budget, see `planDivisions`). If that run fails or is stopped at the hard limit, the
 * planner's deterministic heuristic runs here instead (no solver, so it cannot hang), and the
 * admin still gets a valid plan; its bound and gap say how good it is. A full worker queue is
 * answered with 503 "busy".
 */
export async function planSuggestion(
  roster: PlanningRoster,
  maxDivisionSize: number,
  planner: PlannerRunner,
  log: FastifyBaseLogger,
): Promise<DivisionPlan> {
  const input: DivisionPlanInput = {
    subjects: plannerSubjects(roster.subjects),
    students: plannerStudents(roster),
    maxDivisionSize,
    timeBudgetMs: DIVISION_TIME_BUDGET_MS,
  };
  try {
    return await planner.run('planDivisions', input, { hardLimitMs: HARD_LIMIT_MS });
  } catch (err) {
    if (err instanceof PlannerOverloadedError) {
      throw new AppError('overloaded', 'The planner is busy with other plans. Please try again in a moment.');
    }
    log.warn({ err }, 'division planning failed in the worker; using the heuristic plan');
    return planDivisions({ ...input, exact: false });
  }
}
