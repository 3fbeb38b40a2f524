import { EXCUSE_LABELS, type AttendanceMark } from '@rollbook/contract';
import type { BadgeTone } from '../ui/badge';
import { readableDay } from './readable-day';

/** Every sentence of a held session's sheet and its correction dialog. */
export const SHEET_TEXT = {
  title: 'Attendance History',
  download: 'Download spreadsheet',
  downloadFailed: 'The spreadsheet could not be downloaded',
  loadFailed: 'The attendance could not be loaded',
  correct: 'Correct',
  corrected: 'Corrected',
  showTrail: 'Show changes',
  hideTrail: 'Hide changes',
  trailFailed: 'The changes could not be loaded',
  noStudents: 'No students were expected at this session.',
  dialogHint: 'The student is told that their mark changed, and the change is kept with your reason.',
  newMark: 'New mark',
  excuse: 'Excuse',
  reason: 'Reason',
  reasonHint: 'Required: why the mark changes (at least 3 characters).',
  save: 'Save correction',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: (name: string) => `${name}'s mark was corrected`,
  openUntil: (day: string) => `You can correct marks until ${readableDay(day)}.`,
  openAlways: 'You can correct marks of this session at any time.',
} as const;

/** A mark as the sheet shows it: "Present", "Absent", "Excused (Medical)". */
export function markLabel(mark: AttendanceMark): string {
  if (mark.status === 'excused') return mark.excuse ? `Excused (${EXCUSE_LABELS[mark.excuse]})` : 'Excused';
  return mark.status === 'present' ? 'Present' : 'Absent';
}

/** The badge colour of a mark. */
export function markTone(mark: AttendanceMark): BadgeTone {
  if (mark.status === 'present') return 'success';
  if (mark.status === 'excused') return 'warning';
  return 'neutral';
}
