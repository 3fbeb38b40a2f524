import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import { semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { lockSemesterChoiceState } from '../../db/queries/lock-semester-choice-state';

/**
 * Students' choices are frozen once a semester's divisions were created from them: the elective
 * batches hold exactly the students who chose each elective, so reopening or changing choices
 * would leave batches that no longer match what students take.
 */
export function divisionsRefusal(semester: SemesterScope, change: string): string {
  return `${change}: the divisions of ${semesterLabel(semester)} are already created from the students' choices`;
}

/** Refuses the change up front, for a clear answer before any work. */
export function refuseAfterDivisions(semester: SemesterScope, change: string): void {
  if (semester.divisionsCreated) throw conflict(divisionsRefusal(semester, change));
}

/** The same check on the locked semester row, inside the transaction that makes the change. */
export async function refuseAfterDivisionsLocked(
  tx: DbOrTx,
  semester: SemesterScope,
  change: string,
): Promise<void> {
  if ((await lockSemesterChoiceState(tx, semester.id)).divisionsCreated) {
    throw conflict(divisionsRefusal(semester, change));
  }
}
