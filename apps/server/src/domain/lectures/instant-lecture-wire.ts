import type {
  Batch,
  Classroom,
  InstantLectureStudent,
  InstantLectureTeacher,
  LectureTeacher,
  SessionRef,
} from '@rollbook/contract';
import { shortTime } from '../../lib/clock-time';
import type { InstantGroupRow, InstantLectureRow } from './instant-lectures.repository';
import { teacherDisplayName } from './lecture-wire';
import { batchWire, sessionRefWire } from './wire-parts';

/** What a card shows for an instant lecture's room when it has none: the campus point is used. */
const CAMPUS_ROOM: Classroom = { slug: '', class_name: 'Campus' };

/** What an instant lecture is about: its subject's name, else its free title. */
export function instantLectureName(row: Pick<InstantLectureRow, 'subjectName' | 'title'>): string {
  return row.subjectName ?? row.title ?? '';
}

function roomOf(row: InstantLectureRow): Classroom {
  return row.classroomSlug !== null && row.classroomName !== null
    ? { slug: row.classroomSlug, class_name: row.classroomName }
    : CAMPUS_ROOM;
}

function sessionWire(row: InstantLectureRow): SessionRef {
  return sessionRefWire({
    sessionId: row.sessionId,
    status: row.sessionStatus,
    day: row.day,
    createdAt: row.sessionCreatedAt,
    classroomFinal: null,
  });
}

/**
 * The groups an instant lecture's cards list as `batches`: its chosen batches, and each chosen
 * division without chosen batches as a whole-division entry (the division's own slug and name), so
 * a card's `batches[0].division` always names a division.
 */
function audienceGroups(divisions: InstantGroupRow[], batches: InstantGroupRow[]): Batch[] {
  const narrowed = new Set(batches.map((b) => b.divisionSlug));
  return [...divisions.filter((d) => !narrowed.has(d.slug)), ...batches].map(batchWire);
}

/** The subject part of the lecture shapes: the timetable subject, or the title as its name. */
function subjectWire(row: InstantLectureRow) {
  return {
    slug: row.subjectSlug ?? row.slug,
    subject_map: {
      subject_name: instantLectureName(row),
      subject_code: row.subjectCode ?? '',
      ...(row.subjectShortName ? { short_name: row.subjectShortName } : {}),
    },
  };
}

/**
 * An instant lecture in the timetable's teacher shape (§6.8's `lecture`, the live sheet's lecture):
 * a theory lecture of its groups in its room (or the campus).
 */
export function instantLectureAsTeacherLecture(
  row: InstantLectureRow,
  divisions: InstantGroupRow[],
  batches: InstantGroupRow[],
): LectureTeacher {
  return {
    slug: row.slug,
    type: 'theory',
    start_time: shortTime(row.startTime),
    end_time: shortTime(row.endTime),
    is_active: true,
    is_proxy: false,
    subject: { ...subjectWire(row), semester: { slug: row.semesterSlug, no: row.semesterNo } },
    teacher: {
      slug: row.teacherSlug,
      profile: { name: teacherDisplayName(row) },
      teacher_code: row.teacherCode,
    },
    classroom: roomOf(row),
    batches: audienceGroups(divisions, batches),
    session: sessionWire(row),
  };
}

/** An instant lecture in its teacher's list (§13 `get_instant_lectures_for_teacher`). */
export function instantLectureTeacherWire(
  row: InstantLectureRow,
  divisions: InstantGroupRow[],
  batches: InstantGroupRow[],
): InstantLectureTeacher {
  return {
    slug: row.slug,
    ...(row.title !== null ? { title: row.title } : {}),
    ...(row.subjectName !== null ? { subject: subjectWire(row) } : {}),
    branch: row.branchName,
    semester: row.semesterNo,
    divisions: divisions.map((d) => d.name),
    batches: batches.map((b) => b.name),
    teacher: { profile: { name: teacherDisplayName(row) } },
    session: { session_id: row.sessionId, active: row.sessionStatus },
    day: row.day,
    start_time: shortTime(row.startTime),
    end_time: shortTime(row.endTime),
    classroom: row.classroomSlug !== null && row.classroomName !== null ? roomOf(row) : null,
  };
}

/** An instant lecture on a student's list: the timetable's student card plus the free title. */
export function instantLectureStudentWire(
  row: InstantLectureRow,
  divisions: InstantGroupRow[],
  batches: InstantGroupRow[],
  attendanceMarked: boolean,
): InstantLectureStudent {
  return {
    slug: row.slug,
    title: row.title,
    type: 'theory',
    start_time: shortTime(row.startTime),
    end_time: shortTime(row.endTime),
    subject: { subject_map: subjectWire(row).subject_map, semester: { no: row.semesterNo } },
    teacher: teacherDisplayName(row),
    classroom: roomOf(row),
    batches: audienceGroups(divisions, batches),
    session: sessionWire(row),
    attendance_marked: attendanceMarked,
  };
}
