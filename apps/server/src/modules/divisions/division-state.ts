import { semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { deadlineReached } from '../../domain/semester-deadline';
import { readableDate } from '../../lib/week';

/**
 * Why divisions cannot be planned for a semester yet, or null when they can: its subjects must be
 * locked and the subject-choice deadline day must have ended in the institution's time zone (the
 * same moment students stop choosing), so the choice groups no longer change under the planner.
 */
export function planningRefusal(semester: SemesterScope, now: Date): string | null {
  const label = semesterLabel(semester);
  if (!semester.subjectsLocked) {
    return `Subjects of ${label} are not locked: lock the subject selection and let the choice deadline pass before creating divisions`;
  }
  const reached = deadlineReached(semester.deadline, now, semester.timezone);
  if (reached === null) {
    return `${label} has no subject choice deadline: set one and let it pass before creating divisions`;
  }
  if (!reached) {
    return `The subject choice deadline for ${label} (${readableDate(semester.deadline ?? '')}) has not passed yet: divisions can be created once students can no longer change their electives`;
  }
  return null;
}
