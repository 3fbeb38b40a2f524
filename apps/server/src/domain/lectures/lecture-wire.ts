import type {
  LectureStudent,
  LectureTeacher,
  MasterLecture,
  SessionRef,
  TeacherTimetableBranch,
} from '@rollbook/contract';
import { shortTime } from '../../lib/clock-time';
import type { LectureBatchRow, LectureRow } from './lectures.repository';
import type { SessionRow } from './lecture-sessions.repository';
import { batchWire, sessionRefWire } from './wire-parts';

export { divisionFullName } from './wire-parts';

/** Groups rows by a numeric key, keeping first-seen order. */
export function groupRows<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * What a card shows of a lecture's session: a stored row, or the planned session of a lecture the
 * teacher has not started yet (status `pre`, no creation time: nothing was written for it).
 */
export type SessionView = Pick<
  SessionRow,
  'sessionId' | 'status' | 'day' | 'classroomFinalSlug' | 'classroomFinalName'
> & { createdAt: Date | null };

function sessionWire(s: SessionView): SessionRef {
  return sessionRefWire({
    ...s,
    classroomFinal:
      s.classroomFinalSlug !== null && s.classroomFinalName !== null
        ? { slug: s.classroomFinalSlug, class_name: s.classroomFinalName }
        : null,
  });
}

const subjectMap = (l: LectureRow) => ({
  subject_name: l.subjectName,
  subject_code: l.subjectCode,
  short_name: l.subjectShortName,
});

/** A teacher's display name: the profile name, else the teacher code. */
export const teacherDisplayName = (l: Pick<LectureRow, 'teacherName' | 'teacherCode'>) =>
  l.teacherName?.trim() || l.teacherCode;

/** A lecture as the teacher's card shows it (§6.4); the session is required. */
export function lectureTeacherWire(
  l: LectureRow,
  batches: LectureBatchRow[],
  session: SessionView,
): LectureTeacher {
  return {
    slug: l.slug,
    type: l.type,
    start_time: shortTime(l.startTime),
    end_time: shortTime(l.endTime),
    is_active: l.isActive,
    is_proxy: l.isProxy,
    subject: {
      slug: l.subjectSlug,
      subject_map: subjectMap(l),
      semester: { slug: l.semesterSlug, no: l.semesterNo },
    },
    teacher: { slug: l.teacherSlug, profile: { name: teacherDisplayName(l) }, teacher_code: l.teacherCode },
    classroom: { slug: l.classroomSlug, class_name: l.classroomName },
    batches: batches.map(batchWire),
    session: sessionWire(session),
  };
}

/** A lecture as the student's card shows it (§6.1): `teacher` is a plain name. */
export function lectureStudentWire(
  l: LectureRow,
  batches: LectureBatchRow[],
  session: SessionView | undefined,
  attendanceMarked: boolean,
): LectureStudent {
  return {
    slug: l.slug,
    type: l.type,
    start_time: shortTime(l.startTime),
    end_time: shortTime(l.endTime),
    subject: { subject_map: subjectMap(l), semester: { no: l.semesterNo } },
    teacher: teacherDisplayName(l),
    classroom:
      session?.classroomFinalSlug && session.classroomFinalName
        ? { slug: session.classroomFinalSlug, class_name: session.classroomFinalName }
        : { slug: l.classroomSlug, class_name: l.classroomName },
    batches: batches.map(batchWire),
    session: session ? sessionWire(session) : null,
    attendance_marked: attendanceMarked,
  };
}

/** A tile of the admin's weekly grid (§10.7). */
export function masterLectureWire(l: LectureRow, batches: LectureBatchRow[]): MasterLecture {
  return {
    slug: l.slug,
    start_time: shortTime(l.startTime),
    end_time: shortTime(l.endTime),
    type: l.type,
    subject: { subject_name: l.subjectName, subject_map: subjectMap(l) },
    teacher: { teacher_code: l.teacherCode, slug: l.teacherSlug, profile: { name: teacherDisplayName(l) } },
    batches: batches.map((b) => ({ batch_name: b.name, slug: b.slug })),
    classroom: { class_name: l.classroomName, slug: l.classroomSlug },
  };
}

/**
 * The teacher timetable tree (§6.4): branch → one stream (the client reads only `streams[0]`, so
 * all of a branch's semesters go under it) → semester → division → that day's schedule.
 */
export function teacherTimetableWire(
  rows: LectureRow[],
  dayLabel: string,
  batchesOf: (lectureId: number) => LectureBatchRow[],
  sessionOf: (lectureId: number) => SessionView,
): TeacherTimetableBranch[] {
  return [...groupRows(rows, (r) => r.branchId).values()].map((branchRows) => {
    const first = branchRows[0]!;
    const bySemester = groupRows(branchRows, (r) => r.semesterId);
    return {
      branch_name: first.branchName,
      slug: first.branchSlug,
      streams: [
        {
          title: first.streamTitle,
          slug: first.streamSlug,
          semesters: [...bySemester.values()]
            .sort((a, b) => a[0]!.semesterNo - b[0]!.semesterNo)
            .map((semesterRows) => ({
              slug: semesterRows[0]!.semesterSlug,
              no: semesterRows[0]!.semesterNo,
              divisions: [...groupRows(semesterRows, (r) => r.divisionId).values()].map((divisionRows) => ({
                division_name: divisionRows[0]!.divisionName,
                slug: divisionRows[0]!.divisionSlug,
                timetable: {
                  slug: divisionRows[0]!.timetableSlug,
                  schedule: {
                    day: dayLabel,
                    lectures: divisionRows.map((l) =>
                      lectureTeacherWire(l, batchesOf(l.id), sessionOf(l.id)),
                    ),
                  },
                },
              })),
            })),
        },
      ],
    };
  });
}
