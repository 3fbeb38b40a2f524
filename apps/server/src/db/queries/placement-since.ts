import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether a membership of a division or batch that began on `since` (null: from the start of the
 * term) expected its student on `day`: a student placed after the term began is not expected at the
 * sessions held before (people-0001). The one test of a placement's date, for reports and for a
 * session's lists.
 */
export function expectedOn(since: SQL, day: SQL): SQL {
  return sql`(${since} is null or ${since} <= ${day})`;
}
