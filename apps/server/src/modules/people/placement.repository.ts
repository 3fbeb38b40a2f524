import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { batchesOfDivisions } from '../../db/queries/batches-of-divisions';
import { executeRows } from '../../db/queries/execute-rows';
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

    /**
     * The last day the student has a row in a session of what they leave: the lectures naming a
     * batch they leave and none they will be in, and instant lectures of those batches or of the
     * division they leave. Null when there is none. A move must start after it, or the same slots
     * would count twice: their marks where they were, and absences where they go.
     */
    async lastMarkedDayLeaving(
      tx: DbOrTx,
      studentId: number,
      leaving: { batchIds: readonly number[]; divisionId: number | null },
      staying: readonly number[],
    ): Promise<string | null> {
      const ids = (list: readonly number[]) =>
        sql.join(
          list.map((id) => sql`${id}`),
          sql`, `,
        );
      const left: SQL[] = [];
      if (leaving.batchIds.length > 0) {
        const kept = (column: SQL, table: SQL) =>
          staying.length === 0
            ? sql``
            : sql` except select ${column} from ${table} where batch_id in (${ids(staying)})`;
        left.push(
          sql`ls.lecture_id in (select lecture_id from lecture_batches where batch_id in (${ids(leaving.batchIds)})${kept(sql`lecture_id`, sql`lecture_batches`)})`,
        );
        left.push(
          sql`ls.instant_lecture_id in (select instant_lecture_id from instant_lecture_batches where batch_id in (${ids(leaving.batchIds)})${kept(sql`instant_lecture_id`, sql`instant_lecture_batches`)})`,
        );
      }
      if (leaving.divisionId !== null) {
        left.push(
          sql`ls.instant_lecture_id in (select instant_lecture_id from instant_lecture_divisions where division_id = ${leaving.divisionId})`,
        );
      }
      if (left.length === 0) return null;
      const [row] = await executeRows<{ day: string | null }>(
        tx,
        sql`
        select max(ls.day)::text as day
        from attendances a join lecture_sessions ls on ls.id = a.session_id
        where a.student_id = ${studentId} and ls.started_at is not null and (${sql.join(left, sql` or `)})`,
      );
      return row?.day ?? null;
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
