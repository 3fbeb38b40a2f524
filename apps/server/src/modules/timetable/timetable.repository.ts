import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { divisions, semesters, streams, timetables } from '../../db/schema';

/** Queries only the timetable module needs (its pickers and upload targets); no rules here. */
export function createTimetableRepository(db: DbOrTx) {
  return {
    /** Streams of some branches (admin pickers). */
    async streamInBranches(slug: string, branchIds: number[]) {
      if (branchIds.length === 0) return undefined;
      const [row] = await db
        .select({ id: streams.id })
        .from(streams)
        .where(and(eq(streams.slug, slug), inArray(streams.branchId, branchIds)));
      return row;
    },

    divisionsOfStream(streamId: number) {
      return db
        .select({ slug: divisions.slug, name: divisions.name, semesterNo: semesters.no })
        .from(divisions)
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .where(eq(semesters.streamId, streamId))
        .orderBy(asc(semesters.no), asc(divisions.ordering), asc(divisions.name));
    },

    async divisionInBranches(slug: string, branchIds: number[]) {
      if (branchIds.length === 0) return undefined;
      const [row] = await db
        .select({ id: divisions.id, slug: divisions.slug, name: divisions.name, semesterNo: semesters.no })
        .from(divisions)
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .where(and(eq(divisions.slug, slug), inArray(streams.branchId, branchIds)));
      return row;
    },

    async timetableOfDivision(divisionId: number) {
      const [row] = await db
        .select({ id: timetables.id, slug: timetables.slug })
        .from(timetables)
        .where(eq(timetables.divisionId, divisionId));
      return row;
    },
  };
}
