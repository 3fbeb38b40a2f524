import { createHash } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The public id of a timetable lecture's session on a date, fixed before the session exists: the
 * MD5 (32 hex characters, the shape of every session id) of the lecture's secret seed and the date.
 * A timetable read names the session by this id without writing a row; starting the session inserts
 * the row with the same id, so the card's `session.session_id` and the start's answer agree
 * (contract §6.8). The seed never leaves the server, so the id stays unguessable.
 */
export function plannedSessionId(sessionSeed: string, day: string): string {
  return createHash('md5').update(`${sessionSeed}:${day}`).digest('hex');
}

/** `plannedSessionId` in SQL, for reads and inserts that compute it in the database. */
export function plannedSessionIdSql(sessionSeed: SQLWrapper, day: SQLWrapper | string): SQL<string> {
  return sql<string>`md5(${sessionSeed} || ':' || ${day}::text)`;
}
