/**
 * Whether a live sheet's next chunk keeps the band above the ambient features (sessions-0013).
 * Filtering that band is most of what storing a teacher's second costs, and only three readers
 * ever open it: the tone-level check at the sheet's start, the file-phase search of a sheet that
 * loops the file, and the two-way challenge check. A one-way sheet that plays the tone live and
 * has had its level checked has none, so its chunks keep their features alone.
 */
export interface TeacherBandNeed {
  /** The sheet loops the tone file (the original client): its phase is searched in the band. */
  playsFile: boolean;
  /** The sheet plays the tone live and its tone-level check has not reported yet. */
  levelPending: boolean;
  /** The institution uses the two-way check (as last read; see `TWO_WAY_REREAD_MS`). */
  twoWay: boolean;
}

/**
 * How long a sheet trusts its last read of the institution's two-way setting. An admin who turns
 * the check on mid-lecture finds at most this long of chunks without the band; attempts whose
 * challenge falls there go to the teacher's review (`challenge_unavailable`), never refused.
 */
export const TWO_WAY_REREAD_MS = 30_000;

export function keepsTeacherBand(need: TeacherBandNeed): boolean {
  return need.playsFile || need.levelPending || need.twoWay;
}
