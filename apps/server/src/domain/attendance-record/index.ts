// The attendance record: the one computation of held / attended / excused / absent / percentage
// (in SQL), the detention list, weekly trends and what a student still needs. Reports, the
// student's page, exports and the alerts job all read it; none computes a percentage itself.
export type { RecordFilter } from './record-filter';
export type { MarksSource } from './marks';
export {
  createAttendanceRecordRepository,
  type AttendanceRecordRepository,
  type ExcusedCountsAs,
  type SubjectTally,
  type WeekTally,
} from './attendance-record.repository';
export { remainingLectures, lecturesNeeded, type RemainingLectures } from './remaining-lectures';
export { studentMarks, type StudentMark } from './student-marks';
export { explainMark, markStatus } from './mark-explanation';
