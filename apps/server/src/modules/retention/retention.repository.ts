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
     * Clears the raw recording and exact position (latitude, longitude, accuracy) of every mark of
     * the institution's students made before `cutoff`, keeping the verdict, its reasons, the metrics
     * and the distance from the classroom. Returns the cleared rows' recording paths (null: none).
     */
    async clearPersonalDataBefore(
      institutionId: number,
      cutoff: Date,
      at: Date,
    ): Promise<Array<{ recordingPath: string | null }>> {
      return db
        .update(attendances)
        .set({
          recordingPath: null,
          latitude: null,
          longitude: null,
          accuracyM: null,
          personalDataClearedAt: at,
        })
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
        .returning({ recordingPath: attendances.recordingPath });
    },
  };
}
