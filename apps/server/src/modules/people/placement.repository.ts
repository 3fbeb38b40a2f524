import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { batchesOfDivisions } from '../../db/queries/batches-of-divisions';
import {
  batchStudents,
  batches,
  catalogueSubjects,
  divisionStudents,
  divisions,
  offeredSubjects,
  semesters,
  streams,
  students,
} from '../../db/schema';

/** A batch of a semester's division, as a placement offers it. */
export interface PlacementBatchRow {
  id: number;
  slug: string;
  name: string;
  kind: 'core' | 'elective';
  offeredSubjectId: number | null;
  subject: string | null;
}

export interface PlacementDivisionRow {
  id: number;
  slug: string;
  name: string;
  batches: PlacementBatchRow[];
}

/** Where a student is in a semester: their division row and batch rows, each with its first day. */
export interface CurrentPlacement {
  division: { id: number; since: string | null } | null;
  batches: Array<{ id: number; since: string | null }>;
}

/** Queries of a student's placement in their semester's divisions and batches; no rules here. */
export function createPlacementRepository(db: Db) {
  return {
    /** The semester a placement is in: its slug, number, stream title and first day. */
    async semester(semesterId: number) {
      const [row] = await db
        .select({
          id: semesters.id,
          slug: semesters.slug,
          no: semesters.no,
          startDate: semesters.startDate,
          streamTitle: streams.title,
        })
        .from(semesters)
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .where(eq(semesters.id, semesterId));
      return row;
    },

    /** The semester's divisions in order, each with its batches in their display order. */
    async divisions(semesterId: number): Promise<PlacementDivisionRow[]> {
      const divisionRows = await db
        .select({ id: divisions.id, slug: divisions.slug, name: divisions.name })
        .from(divisions)
        .where(eq(divisions.semesterId, semesterId))
        .orderBy(asc(divisions.ordering), asc(divisions.name));
      if (divisionRows.length === 0) return [];
      const batchRows = await batchesOfDivisions(
        db,
        divisionRows.map((d) => d.id),
      );
      const subjectIds = [
        ...new Set(batchRows.flatMap((b) => (b.offeredSubjectId === null ? [] : [b.offeredSubjectId]))),
      ];
      const subjectRows =
        subjectIds.length === 0
          ? []
          : await db
              .select({
                id: offeredSubjects.id,
                shortName: catalogueSubjects.shortName,
                code: catalogueSubjects.subjectCode,
              })
              .from(offeredSubjects)
              .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
              .where(inArray(offeredSubjects.id, subjectIds));
      const subjectName = new Map(subjectRows.map((r) => [r.id, r.shortName ?? r.code]));
      return divisionRows.map((d) => ({
        ...d,
        batches: batchRows
          .filter((b) => b.divisionId === d.id)
          .map((b) => ({
            id: b.id,
            slug: b.slug,
            name: b.name,
            kind: b.kind,
            offeredSubjectId: b.offeredSubjectId,
            subject:
              b.kind === 'elective' && b.offeredSubjectId !== null
                ? (subjectName.get(b.offeredSubjectId) ?? null)
                : null,
          })),
      }));
    },

    /**
     * The student's division and batches in the semester. In a transaction the student's row is
     * locked first, so two admins placing the same student take turns.
     */
    async current(
      tx: DbOrTx,
      studentId: number,
      semesterId: number,
      lock = false,
    ): Promise<CurrentPlacement> {
      if (lock)
        await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for('update');
      const [division] = await tx
        .select({ id: divisionStudents.divisionId, since: divisionStudents.since })
        .from(divisionStudents)
        .where(and(eq(divisionStudents.semesterId, semesterId), eq(divisionStudents.studentId, studentId)));
      const batchRows = await tx
        .select({ id: batchStudents.batchId, since: batchStudents.since })
        .from(batchStudents)
        .innerJoin(batches, eq(batches.id, batchStudents.batchId))
        .innerJoin(divisions, eq(divisions.id, batches.divisionId))
        .where(and(eq(batchStudents.studentId, studentId), eq(divisions.semesterId, semesterId)))
        .orderBy(asc(batches.name));
      return { division: division ?? null, batches: batchRows };
    },

    /** Moves the student's division row (one per semester) to `divisionId`, from `since`. */
    async replaceDivision(
      tx: DbOrTx,
      studentId: number,
      semesterId: number,
      divisionId: number,
      since: string,
    ) {
      await tx
        .delete(divisionStudents)
        .where(and(eq(divisionStudents.semesterId, semesterId), eq(divisionStudents.studentId, studentId)));
      await tx.insert(divisionStudents).values({ semesterId, divisionId, studentId, since });
    },

    async leaveBatches(tx: DbOrTx, studentId: number, batchIds: readonly number[]) {
      if (batchIds.length === 0) return;
      await tx
        .delete(batchStudents)
        .where(and(eq(batchStudents.studentId, studentId), inArray(batchStudents.batchId, [...batchIds])));
    },

    async joinBatches(tx: DbOrTx, studentId: number, batchIds: readonly number[], since: string) {
      if (batchIds.length === 0) return;
      await tx.insert(batchStudents).values(batchIds.map((batchId) => ({ batchId, studentId, since })));
    },
  };
}

export type PlacementRepository = ReturnType<typeof createPlacementRepository>;
