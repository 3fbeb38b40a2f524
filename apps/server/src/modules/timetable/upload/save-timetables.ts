import { and, eq, inArray, sql } from 'drizzle-orm';
import { lectureBatches, lectures, timetables } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { formatClockTime } from '../../../lib/clock-time';
import type { ResolvedLecture } from './resolve-lectures';

/**
 * Replaces the weekly timetables of the divisions the lectures belong to (call it inside a
 * transaction). Old lectures without any session are deleted; old lectures that already have
 * sessions are only deactivated, so past attendance keeps pointing at the lecture it was taken in.
 * Returns the number of lectures written per division id.
 */
export async function saveTimetables(tx: DbOrTx, resolved: ResolvedLecture[]): Promise<Map<number, number>> {
  const divisionIds = [...new Set(resolved.map((l) => l.divisionId))];
  const written = new Map<number, number>();
  if (divisionIds.length === 0) return written;

  const tables = await tx
    .insert(timetables)
    .values(divisionIds.map((divisionId) => ({ divisionId })))
    .onConflictDoUpdate({ target: timetables.divisionId, set: { uploadedAt: sql`now()` } })
    .returning({ id: timetables.id, divisionId: timetables.divisionId });
  const timetableOf = new Map(tables.map((t) => [t.divisionId, t.id]));
  const timetableIds = tables.map((t) => t.id);

  await tx
    .delete(lectures)
    .where(
      and(
        inArray(lectures.timetableId, timetableIds),
        sql`not exists (select 1 from lecture_sessions ls where ls.lecture_id = ${lectures.id})`,
      ),
    );
  await tx
    .update(lectures)
    .set({ isActive: false })
    .where(and(inArray(lectures.timetableId, timetableIds), eq(lectures.isActive, true)));

  const inserted = await tx
    .insert(lectures)
    .values(
      resolved.map((l) => ({
        timetableId: timetableOf.get(l.divisionId)!,
        day: l.day,
        startTime: formatClockTime(l.start),
        endTime: formatClockTime(l.end),
        type: l.type,
        offeredSubjectId: l.offeredSubjectId,
        teacherId: l.teacherId,
        classroomId: l.classroomId,
      })),
    )
    .returning({ id: lectures.id });
  const links = resolved.flatMap((l, i) =>
    l.batchIds.map((batchId) => ({ lectureId: inserted[i]!.id, batchId })),
  );
  if (links.length > 0) await tx.insert(lectureBatches).values(links);
  for (const l of resolved) written.set(l.divisionId, (written.get(l.divisionId) ?? 0) + 1);
  return written;
}
