import { readableDate } from '../../lib/week';
import type { StudentMark } from './student-marks';

/** A mark's status as the record counts it. */
export function markStatus(m: Pick<StudentMark, 'excuse' | 'isPresent'>): 'present' | 'absent' | 'excused' {
  if (m.excuse) return 'excused';
  return m.isPresent ? 'present' : 'absent';
}

const EXCUSES: Record<NonNullable<StudentMark['excuse']>, string> = {
  leave: 'on leave',
  on_duty: 'on duty',
  medical: 'on medical leave',
};

/** Why a recording or a position did not prove presence, said to the student. */
const REASONS: Record<string, string> = {
  recording_too_short: 'Your recording was too short.',
  tone_band_not_captured: "Your microphone did not pick up the session tone's frequencies.",
  tone_not_detected: 'The session tone was not heard in your recording.',
  tone_too_weak: 'The session tone was too faint in your recording.',
  ambient_mismatch: "Your recording did not match the sound in the teacher's classroom.",
  outside_geofence: 'Your location was outside the classroom.',
  position_missing: 'Your location was not received.',
};

/** Who made a staff decision, as the student is told (branch admins and the registrar are both admins). */
const DECIDED_BY: Record<NonNullable<StudentMark['correctedByRole']> | 'unknown', string> = {
  teacher: 'Your teacher',
  admin: 'An administrator',
  student: 'Someone',
  unknown: 'Someone',
};

/** The verdict and what followed it, in plain words, for the student's own record. */
export function explainMark(m: StudentMark, timeZone: string): string[] {
  const lines: string[] = [];
  const day = (d: Date) => readableDate(d.toLocaleDateString('en-CA', { timeZone }));
  // A correction also stamps the staff decision (changedByTeacherAt, and manual when it made the
  // mark present): that decision is said as whoever corrected it, not always as the teacher.
  const decidedByCorrection =
    m.correctedAt !== null && m.changedByTeacherAt?.getTime() === m.correctedAt.getTime();
  const decider = decidedByCorrection ? DECIDED_BY[m.correctedByRole ?? 'unknown'] : 'Your teacher';
  if (m.excuse) {
    lines.push(`Excused: you were ${EXCUSES[m.excuse]}.`);
  } else if (
    !m.hasRow ||
    (!m.isPresent && !m.markingTime && !m.changedByTeacherAt && !m.regulizationStatus)
  ) {
    lines.push('You did not mark your attendance in this lecture.');
  } else if (m.isPresent) {
    if (m.regulizationStatus === 'approved')
      lines.push('Your teacher approved your request to be marked present.');
    else if (m.manual) lines.push(`${decider} marked you present.`);
    else lines.push('Your recording and your location matched the lecture.');
  } else {
    if (m.changedByTeacherAt && m.regulizationStatus !== 'rejected')
      lines.push(`${decider} marked you absent.`);
    const why = m.reasons.map((r) => REASONS[r]).filter((r): r is string => r !== undefined);
    lines.push(...why);
    if (m.regulizationStatus === 'pending')
      lines.push('Your request to be marked present is waiting for your teacher.');
    if (m.regulizationStatus === 'rejected') lines.push('Your teacher did not approve your request.');
    if (lines.length === 0) lines.push('Your attendance could not be verified.');
  }
  if (m.correctedAt)
    lines.push(`${DECIDED_BY[m.correctedByRole ?? 'unknown']} corrected this mark on ${day(m.correctedAt)}.`);
  return lines;
}
