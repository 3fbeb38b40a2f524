import {
  allocateLoad,
  type AllocationInput,
  type AllocationResult,
  type PlannerTeacher,
  type UnitAssignment,
} from '@rollbook/planner';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { PlannerOverloadedError, type PlannerRunner } from '../../lib/planner-worker/planner-runner';
import { availableHours } from './allocation-wire';
import type { AllocationScope } from './allocation-scope';

/** The solver's time budget; the worker is stopped if it runs past the hard limit. */
export const ALLOCATION_TIME_BUDGET_MS = 3000;
const HARD_LIMIT_MS = ALLOCATION_TIME_BUDGET_MS + 4000;

/**
 * Hours each teacher is already given in the semesters whose allocation is confirmed (they stay;
 * a proposal only fills the others).
 */
function fixedLoad(state: AllocationScope, current: readonly UnitAssignment[]): Map<string, number> {
  const confirmedUnits = new Set(
    state.units.filter((ref) => state.confirmed.has(ref.semesterId)).map((ref) => ref.unit.id),
  );
  const load = new Map<string, number>();
  for (const a of current) {
    if (confirmedUnits.has(a.unit)) load.set(a.teacher, (load.get(a.teacher) ?? 0) + a.hours);
  }
  return load;
}

/**
 * What the solver is given for the semesters not confirmed yet: their units and every pool teacher
 * with their saved priorities (only ranked subjects are given) and the hours left of their weekly
 * maximum after load elsewhere and in confirmed semesters. Two equal inputs give the same proposal.
 */
export function proposalInput(
  state: AllocationScope,
  current: readonly UnitAssignment[],
): Omit<AllocationInput, 'timeBudgetMs'> {
  const fixed = fixedLoad(state, current);
  const teachers: PlannerTeacher[] = state.teachers.map((t) => ({
    slug: t.slug,
    priorities: t.priorities,
    maxHours: Math.max(0, availableHours(t) - (fixed.get(t.slug) ?? 0)),
    ...(t.seniority !== null ? { seniority: t.seniority } : {}),
  }));
  return {
    units: state.units.filter((ref) => !state.confirmed.has(ref.semesterId)).map((ref) => ref.unit),
    teachers,
  };
}

/**
 * The solver's proposal for `proposalInput`. It runs in the planner worker under a hard limit; if
 * that run fails or is stopped, the fast deterministic allocation (greedy and local search, still
 * within every maximum) is used instead, so the admin always gets a proposal.
 */
export async function proposeAllocation(
  state: AllocationScope,
  current: readonly UnitAssignment[],
  planner: PlannerRunner,
  log: FastifyBaseLogger,
  limits: { timeBudgetMs: number; hardLimitMs: number } = {
    timeBudgetMs: ALLOCATION_TIME_BUDGET_MS,
    hardLimitMs: HARD_LIMIT_MS,
  },
): Promise<AllocationResult> {
  const input: AllocationInput = { ...proposalInput(state, current), timeBudgetMs: limits.timeBudgetMs };
  try {
    return await planner.run('allocateLoad', input, { hardLimitMs: limits.hardLimitMs });
  } catch (err) {
    if (err instanceof PlannerOverloadedError) {
      throw new AppError('overloaded', 'The planner is busy with other plans. Please try again in a moment.');
    }
    log.warn({ err }, 'exact allocation failed; using the greedy allocation');
    return allocateLoad({ ...input, exact: false });
  }
}
