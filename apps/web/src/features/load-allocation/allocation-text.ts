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
  maximumRedoes: 'Saving recomputes the proposal: changes that are not confirmed are lost.',
} as const;
