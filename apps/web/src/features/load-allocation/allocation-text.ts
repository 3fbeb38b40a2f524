/** Every sentence of the allocation screens, in one place (product spec §2, contract §10.10). */
export const ALLOCATION_TEXT = {
  allocatedTab: 'Allocated Subjects',
  nonAllocatedTab: 'Non-Allocated Subjects',
  resetQuestion: 'Are you sure you want to reset load allocation',
  confirmed: 'Subject allocation has been confirmed successfully',
  preparing: 'Preparing the allocation proposal. The solver takes a few seconds…',
  recomputing: 'Recomputing the allocation proposal…',
  loadFailed: 'Something went wrong',
  unsaved: 'You have changes that are not confirmed yet.',
  noTeachers: 'No teachers are available for allocation.',
  everythingAllocated: 'Every subject hour is allocated.',
  noFreeTeacher: 'No teacher has enough free hours for these hours.',
  ranksFailed: 'Teacher priorities could not be loaded',
  maximumSaved: 'Weekly maximum saved',
  downloadNeedsConfirm: 'Confirm the allocation first: the spreadsheet is of the confirmed allocation.',
  termLabel: 'Term',
  readOnly: "This is a past term's allocation as it was kept: it can be read and downloaded, not changed.",
  maximumFailed: 'The maximum could not be saved. Please try again.',
  maximumRedoes: 'Saving recomputes the proposal: changes that are not confirmed are lost.',
  confirmTitle: 'Confirm allocation',
  disagreementsTitle: 'Master timetable and confirmed allocation',
  disagreementsChecking: 'Comparing the master timetable with the confirmed allocation…',
  disagreementsFailed: 'The master timetable could not be compared with the allocation',
} as const;

/** What the comparison of the master timetable with the confirmed allocation found, in one sentence. */
export function disagreementsSentence(count: number): string {
  if (count === 0) {
    return 'Every lecture of the master timetable is taught by a teacher the confirmed allocation gives that subject in that division.';
  }
  const lectures = count === 1 ? '1 lecture' : `${count} lectures`;
  return (
    `${lectures} of the master timetable ${count === 1 ? 'is' : 'are'} taught by a teacher the confirmed ` +
    'allocation does not give that subject in that division. Change the timetable or the allocation so they agree.'
  );
}

/**
 * The question before a confirm (the spec gives no wording for it, only for Reset's). One click
 * confirms every semester of the admin's branches at once and replaces what was confirmed before,
 * so the question names the semesters and says so.
 */
export function confirmQuestion(semesterLabels: readonly string[]): string {
  const which =
    semesterLabels.length === 0
      ? 'every semester of your branches'
      : semesterLabels.length === 1
        ? semesterLabels[0]!
        : `all ${semesterLabels.length} semesters: ${semesterLabels.join('; ')}`;
  return (
    `Confirm the allocation of ${which}? This replaces any allocation confirmed for them before, ` +
    'and teachers see these hours as their confirmed load.'
  );
}
