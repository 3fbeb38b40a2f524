import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendances, institutions, students } from '../../db/schema';

/** The queries of the retention sweep and of the student's privacy notice. */
export function createRetentionRepository(db: DbOrTx) {
  return {
    async retentionDays(institutionId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ days: institutions.recordingRetentionDays })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.days;
    },

    /**
     * The next marks (at most `limit`) of the institution's students made before `cutoff` that still
     * hold a raw recording or an exact position, locked until the transaction ends.
     */
    async expiredPersonalData(
      institutionId: number,
      cutoff: Date,
      limit: number,
    ): Promise<Array<{ id: number; recordingPath: string | null }>> {
      return db
        .select({ id: attendances.id, recordingPath: attendances.recordingPath })
        .from(attendances)
        .where(
          and(
            inArray(
              attendances.studentId,
              db.select({ id: students.id }).from(students).where(eq(students.institutionId, institutionId)),
            ),
            isNull(attendances.personalDataClearedAt),
            lt(sql`coalesce(${attendances.markingTime}, ${attendances.createdAt})`, cutoff),
            or(
              isNotNull(attendances.recordingPath),
              isNotNull(attendances.latitude),
              isNotNull(attendances.longitude),
              isNotNull(attendances.accuracyM),
            ),
          ),
        )
        .orderBy(attendances.id)
        .limit(limit)
        .for('update');
    },

    /**
     * Clears the raw recording and exact position (latitude, longitude, accuracy) of these marks,
     * keeping the verdict, its reasons, the metrics and the distance from the classroom.
     */
    async clearPersonalData(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(attendances)
        .set({
          recordingPath: null,
          latitude: null,
          longitude: null,
          accuracyM: null,
          personalDataClearedAt: at,
        })
        .where(inArray(attendances.id, ids));
    },
  };
}
