import type { SemesterFull } from '@rollbook/contract';

/** Which admin actions a semester offers right now (product spec §2, Admin subject selection). */
export interface SemesterActions {
  canToggle: boolean;
  canLock: boolean;
  canUnlock: boolean;
}

/**
 * Derives the available actions: toggling and locking only while unlocked (locking needs at least
 * one selected subject), unlocking only once locked and past the deadline.
 */
export function semesterActions(semester: SemesterFull | undefined, selectedCount: number): SemesterActions {
  const locked = semester?.subjects_locked ?? false;
  return {
    canToggle: Boolean(semester) && !locked,
    canLock: Boolean(semester) && !locked && selectedCount > 0,
    canUnlock: locked && semester?.deadline_reached === true,
  };
}
