import type { DivisionSuggestion } from '@rollbook/contract';
import type { BatchPolicy } from '@rollbook/planner';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../lib/app-error';
import { createDivisionsRepository } from './divisions.repository';
import { loadPlanningRoster } from './planning-roster';
import { readDivisionPlan } from './read-division-plan';

/** What was stored, for the audit trail. */
export interface SavedDivisions {
  divisions: string[];
  batches: number;
  students: number;
}

/**
 * Turns a division plan into rows inside the caller's transaction: claims the semester (refused
 * with 409 when its divisions already exist), reads the plan against the semester's students
 * (refused with 400 listing every problem, see `readDivisionPlan`), then stores divisions,
 * members, batches, subject links and a timetable per division. Throwing rolls the whole
 * transaction back, so a refused plan changes nothing. The demo seed stores its divisions through
 * this function too, so seeded divisions obey the same rules as confirmed ones.
 */
export async function saveDivisionPlan(
  tx: Db,
  semester: { id: number; label: string },
  plan: DivisionSuggestion,
  batchPolicy?: BatchPolicy,
): Promise<SavedDivisions> {
  const repo = createDivisionsRepository(tx);
  if (!(await repo.claimDivisionCreation(semester.id))) {
    throw conflict(`Divisions of ${semester.label} are already created; they cannot be created again`);
  }
  const roster = await loadPlanningRoster(tx, semester.id);
  const read = readDivisionPlan(plan, roster, batchPolicy);
  if ('problems' in read) {
    throw new AppError('validation_failed', `The divisions were not saved: ${read.problems.join('; ')}`, {
      issues: read.problems.map((message) => ({ path: 'divisions_data', message })),
    });
  }
  await repo.insertDivisions(semester.id, read.divisions);
  return {
    divisions: read.divisions.map((d) => d.name),
    batches: read.divisions.reduce((sum, d) => sum + d.batches.length, 0),
    students: read.divisions.reduce((sum, d) => sum + d.studentIds.length, 0),
  };
}
