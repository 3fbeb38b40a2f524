import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { semesters } from '../schema';

/** What decides whether a semester's choices may change or its divisions may be created. */
export interface SemesterChoiceState {
  subjectsLocked: boolean;
  deadline: string | null;
  divisionsCreated: boolean;
}

/**
 * A semester's choice state with its row locked until the transaction ends. Unlocking, extending
 * the deadline and confirming divisions all write this row, so a check made here cannot be
 * overtaken by one of the others between the check and the write.
 */
export async function lockSemesterChoiceState(tx: DbOrTx, semesterId: number): Promise<SemesterChoiceState> {
  const [row] = await tx
    .select({
      subjectsLocked: semesters.subjectsLocked,
      deadline: semesters.subjectChoiceDeadline,
      divisionsCreated: semesters.divisionsCreated,
    })
    .from(semesters)
    .where(eq(semesters.id, semesterId))
    .for('update');
  if (!row) throw new Error(`semester ${semesterId} vanished inside its transaction`);
  return row;
}
