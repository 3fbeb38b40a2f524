import type { AttendanceMark, SessionHistoryItem, SheetRow } from '@rollbook/contract';
import { shortTime } from '../../lib/clock-time';
import { weekdayOf } from '../../lib/week';
import type { HeldSessionRow, SessionCounts } from './history.repository';
import { markOf, type SheetStudentRow } from './sheet.repository';

const NO_COUNTS: SessionCounts = { students: 0, present: 0, excused: 0, corrected: 0 };

/** "monday" → "Monday". */
function weekdayName(day: string): string {
  const name = weekdayOf(day);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A held session as the history list (§13) and the sheet's heading show it. */
export function historyItemWire(row: HeldSessionRow, counts: SessionCounts = NO_COUNTS): SessionHistoryItem {
  return {
    id: row.sessionId,
    session_id: row.sessionId,
    subject_name: row.subjectName,
    branch: row.branchName,
    semester: row.semesterNo,
    division: row.divisionName,
    day: row.day,
    weekday: weekdayName(row.day),
    subject_code: row.subjectCode,
    teacher_name: row.teacherName?.trim() || '',
    type: row.type,
    kind: row.instantLectureId === null ? 'timetable' : 'instant',
    start_time: shortTime(row.startTime),
    end_time: shortTime(row.endTime),
    active: row.status === 'post' ? 'post' : 'ongoing',
    student_count: counts.students,
    present_count: counts.present,
    excused_count: counts.excused,
    corrected_count: counts.corrected,
  };
}

/** One student's line of the sheet. */
export function sheetRowWire(row: SheetStudentRow): SheetRow {
  const mark: AttendanceMark = markOf(row);
  return {
    student: {
      slug: row.studentSlug,
      enrollment: row.enrollment,
      name: row.name?.trim() || row.enrollment,
    },
    status: mark.status,
    excuse: mark.excuse,
    manual: row.manual ?? false,
    marking_time: row.markingTime ? row.markingTime.toISOString() : null,
    corrected_at: row.correctedAt ? row.correctedAt.toISOString() : null,
    correction_count: row.correctionCount,
  };
}
