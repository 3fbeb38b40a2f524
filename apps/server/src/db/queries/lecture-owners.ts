import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { divisions, lectures, semesters, streams, timetables } from '../schema';

/**
 * Joins a query over `lectures` to what owns each lecture: its timetable, division, semester and
 * stream (build the query with `.$dynamic()`). Every lecture view and the institution-scoped
 * lecture lookups start from this chain.
 */
export function joinLectureOwners<T extends PgSelect>(query: T) {
  return query
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
    .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
    .innerJoin(streams, eq(streams.id, semesters.streamId));
}
