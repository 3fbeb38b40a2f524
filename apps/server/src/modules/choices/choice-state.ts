import type { SemesterScope } from '../../domain/caller-scope';
import { semesterLabel } from '../../domain/caller-scope';
import { deadlineReached } from '../../domain/semester-deadline';
import { readableDate } from '../../lib/week';
import type { ChoiceRecord } from './choices.repository';

/**
 * Why a person may not change a choice record now, or null when they may. A record is open while
 * its semester's subjects are locked for choosing, the admin has not frozen it, and the deadline
 * day has not ended, unless the admin reopened this one record during confirmation.
 */
export function closedReason(
  record: Pick<ChoiceRecord, 'choicesLocked' | 'reopenedAt'>,
  semester: SemesterScope,
  now: Date,
): string | null {
  const label = semesterLabel(semester);
  if (!semester.subjectsLocked) {
    return `Subject choices for ${label} are closed while the admin changes the subject selection`;
  }
  // Elective batches were made from the saved choices: a record the admin reopened earlier
  // must not change them now (see divisions-guard.ts for the admin's side).
  if (semester.divisionsCreated)
    return `Subject choices for ${label} are closed: its divisions were already created from the choices`;
  if (record.choicesLocked) return `Your subject choices for ${label} are locked`;
  if (deadlineReached(semester.deadline, now, semester.timezone) === true && record.reopenedAt === null) {
    return `The deadline for subject choices of ${label} (${readableDate(semester.deadline ?? '')}) has passed`;
  }
  return null;
}

/** True when the person may still change the record. */
export function isOpen(
  record: Pick<ChoiceRecord, 'choicesLocked' | 'reopenedAt'>,
  semester: SemesterScope,
  now: Date,
): boolean {
  return closedReason(record, semester, now) === null;
}

/**
 * True when a save must freeze the record at once: an admin-reopened record after the deadline
 * has no later deadline to close it.
 */
export function saveLocksImmediately(semester: SemesterScope, now: Date): boolean {
  return deadlineReached(semester.deadline, now, semester.timezone) === true;
}
