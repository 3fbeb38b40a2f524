import { and, eq, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { studentDepartures } from '../../db/schema';

/**
 * A student's deactivation and reactivation as the record reads them (record-0004): deactivated on
 * `day`, they are not expected at lectures from that day on; reactivated on `day`, they are
 * expected again from that day on. Both run inside the transaction that flips `profiles.is_active`.
 */

/** Opens the period away of a student deactivated on `day` (a civil date of the institution). */
export async function recordDeparture(tx: DbOrTx, studentId: number, day: string): Promise<void> {
  await tx.insert(studentDepartures).values({ studentId, leftOn: day }).onConflictDoNothing();
}

/**
 * Closes the open period of a student reactivated on `day`. A period that covers no day (left and
 * back the same day) is removed: it changed nothing, and a student with no period at all keeps the
 * record's fast shape (hasDatedMemberships).
 */
export async function recordReturn(tx: DbOrTx, studentId: number, day: string): Promise<void> {
  const open = and(eq(studentDepartures.studentId, studentId), isNull(studentDepartures.returnedOn));
  await tx.delete(studentDepartures).where(and(open, gte(studentDepartures.leftOn, day)));
  await tx.update(studentDepartures).set({ returnedOn: day }).where(open);
}
