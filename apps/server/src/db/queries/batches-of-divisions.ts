import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { batches } from '../schema';

/** A lab or elective batch as planning, allocation and the timetable read it. */
export interface BatchRow {
  id: number;
  slug: string;
  name: string;
  kind: (typeof batches.$inferSelect)['kind'];
  divisionId: number;
  offeredSubjectId: number | null;
}

/**
 * The batches of some divisions, grouped by division and in each division's display order. One
 * query whatever the number of divisions, none for an empty list (`IN ()` is not valid SQL).
 */
export async function batchesOfDivisions(db: DbOrTx, divisionIds: readonly number[]): Promise<BatchRow[]> {
  if (divisionIds.length === 0) return [];
  return db
    .select({
      id: batches.id,
      slug: batches.slug,
      name: batches.name,
      kind: batches.kind,
      divisionId: batches.divisionId,
      offeredSubjectId: batches.offeredSubjectId,
    })
    .from(batches)
    .where(inArray(batches.divisionId, [...divisionIds]))
    .orderBy(asc(batches.divisionId), asc(batches.ordering), asc(batches.name));
}
