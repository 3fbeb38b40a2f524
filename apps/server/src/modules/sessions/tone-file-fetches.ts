import { eq, sql } from 'drizzle-orm';
import { fileStartFromFetch, type FileFetch } from '@rollbook/presence';
import type { DbOrTx } from '../../db/client';
import { lectureSessions } from '../../db/schema';

/**
 * The original client's downloads of the session's tone file (presence-0024). Each (re)join of the
 * session sheet fetches the file and loops it from when it arrives (contract §6.8, §7); the
 * original app's 16 kHz stream cannot hear it, so these downloads are all the server knows of the
 * file's phase. Kept with the session's tone, newest last; only the teacher is given the name.
 */

// A sheet re-joined more often than this in one lecture loses only its oldest downloads.
const KEPT_FETCHES = 8;

/** The downloads kept with a session's tone, oldest first (malformed entries left out). */
export function storedFileFetches(toneParams: unknown): FileFetch[] {
  if (typeof toneParams !== 'object' || toneParams === null) return [];
  const list = (toneParams as Record<string, unknown>).fileFetches;
  if (!Array.isArray(list)) return [];
  return list.filter((f): f is FileFetch => {
    if (typeof f !== 'object' || f === null) return false;
    const v = f as Record<string, unknown>;
    const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
    const times = [v.requestedMs, v.servedMs, v.bytes].every(finite);
    // Which file it was: absent for the short loop; else a positive length from a schedule time >= 0.
    const loopS = v.loopS === undefined || (finite(v.loopS) && v.loopS > 0);
    const fromS = v.fromS === undefined || (finite(v.fromS) && v.fromS >= 0);
    return times && loopS && fromS;
  });
}

/** Adds a download to the session whose tone file is `audioPath`, keeping the newest few. */
export async function keepFileFetch(db: DbOrTx, audioPath: string, fetch: FileFetch): Promise<void> {
  const times = sql`jsonb_build_object('requestedMs', ${Math.round(fetch.requestedMs)}::bigint, 'servedMs', ${Math.round(fetch.servedMs)}::bigint, 'bytes', ${fetch.bytes}::bigint)`;
  const entry =
    fetch.loopS === undefined
      ? times
      : sql`${times} || jsonb_build_object('loopS', ${fetch.loopS}::float8, 'fromS', ${fetch.fromS ?? 0}::float8)`;
  const all = sql`coalesce(${lectureSessions.toneParams} -> 'fileFetches', '[]'::jsonb) || jsonb_build_array(${entry})`;
  // The newest KEPT_FETCHES, in their order: one statement, so concurrent downloads both land.
  const kept = sql`(select coalesce(jsonb_agg(e order by i), '[]'::jsonb) from (select e, i from jsonb_array_elements(${all}) with ordinality as t(e, i) order by i desc limit ${KEPT_FETCHES}) newest)`;
  await db
    .update(lectureSessions)
    .set({ toneParams: sql`jsonb_set(${lectureSessions.toneParams}, '{fileFetches}', ${kept})` })
    .where(eq(lectureSessions.audioPath, audioPath));
}

/**
 * Bounds on when the file playing at a recording's start began, and which file it is (how long, from
 * which chirp): from the newest download served before that start (a later one cannot be what was
 * playing then). Null when there is none: any phase of the short loop is then allowed.
 */
export function fetchedFileStart(
  fetches: readonly FileFetch[],
  recordingStartMs: number,
): { startedMs: { min: number; max: number }; loopS?: number; fromS?: number } | null {
  let newest: FileFetch | null = null;
  for (const f of fetches) {
    if (f.servedMs <= recordingStartMs && (!newest || f.servedMs > newest.servedMs)) newest = f;
  }
  if (!newest) return null;
  const startedMs = fileStartFromFetch(newest);
  if (newest.loopS === undefined) return { startedMs };
  return { startedMs, loopS: newest.loopS, fromS: newest.fromS ?? 0 };
}
