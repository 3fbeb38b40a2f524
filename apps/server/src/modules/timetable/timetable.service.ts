import { and, eq } from 'drizzle-orm';
import type {
  Classroom,
  ClassroomAllocation,
  DivisionOption,
  DivisionTimetable,
  StudentTimetableEntry,
  TeacherTimetableBranch,
  WeekDay,
} from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import type { SpreadsheetReader } from '../../lib/spreadsheet-worker/spreadsheet-reader';
import { forbidden, notFound } from '../../lib/app-error';
import { lectures } from '../../db/schema';
import {
  applyClassroomChange,
  checkClassroomChange,
  findRoomHolder,
} from '../../domain/lectures/classroom-change';
import { shortTime } from '../../lib/clock-time';
import { currentWeekday, dateInCurrentWeek, WEEKDAYS, type Weekday } from '../../lib/week';
import {
  divisionFullName,
  groupRows,
  lectureStudentWire,
  masterLectureWire,
  teacherDisplayName,
  teacherTimetableWire,
} from '../../domain/lectures/lecture-wire';
import { importTimetable, type UploadReport } from './upload/import-timetable';
import { createLectureRepositories } from '../../domain/lectures/lecture-repositories';
import type { LectureBatchRow } from '../../domain/lectures/lectures.repository';
import { createTimetableRepository } from './timetable.repository';
import { createDashboardRepository } from './dashboard.repository';

/** Indexes a lecture's batches by lecture id. */
function batchIndex(rows: LectureBatchRow[]): (lectureId: number) => LectureBatchRow[] {
  const map = groupRows(rows, (r) => r.lectureId);
  return (id) => map.get(id) ?? [];
}

/**
 * Timetable rules: master-timetable upload and browsing (admin), the teacher and student
 * dashboards (with sessions created on demand), and classroom changes.
 */
export function createTimetableService(
  deps: Pick<AppDeps, 'db' | 'clock'> & { spreadsheets: Pick<SpreadsheetReader, 'read'> },
) {
  const repo = createTimetableRepository(deps.db);
  const { people, lectureRepo } = createLectureRepositories(deps.db);
  const dashboard = createDashboardRepository(deps.db);

  async function adminBranches(auth: AuthContext): Promise<number[]> {
    return people.adminBranchIds(auth.profileId, auth.institutionId);
  }

  async function requireTeacher(auth: AuthContext) {
    const teacher = await people.teacherOfProfile(auth.profileId);
    if (!teacher) throw forbidden('Only teachers have a lecture timetable');
    return teacher;
  }

  /**
   * The teacher's lectures of one weekday of the current week, each with its session: the stored
   * one, or the planned one the teacher's start will create (a read never writes).
   */
  async function teacherDay(
    teacherId: number,
    timeZone: string,
    day: Weekday,
  ): Promise<TeacherTimetableBranch[]> {
    const date = dateInCurrentWeek(deps.clock.now(), timeZone, day);
    const rows = await dashboard.teacherDay(teacherId, day, date);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return teacherTimetableWire(
      rows,
      day.toUpperCase(),
      (id) => byId.get(id)!.batches,
      (id) => byId.get(id)!.session,
    );
  }

  /** A lecture of the calling teacher (404 outside the institution, 403 for a colleague's). */
  async function ownLecture(auth: AuthContext, lectureSlug: string) {
    const teacher = await requireTeacher(auth);
    const lecture = await lectureRepo.lectureBySlug(lectureSlug, auth.institutionId);
    if (!lecture || !lecture.isActive) throw notFound('Lecture');
    if (lecture.teacherId !== teacher.id) throw forbidden('This lecture is not yours');
    return { teacher, lecture };
  }

  return {
    /** Uploads a master timetable for the caller's branches (admin). */
    async upload(auth: AuthContext, file: { filename: string; data: Buffer }): Promise<UploadReport> {
      const branchIds = await adminBranches(auth);
      return importTimetable(
        deps.db,
        file,
        { institutionId: auth.institutionId, branchIds, actorProfileId: auth.profileId },
        (f) => deps.spreadsheets.read(f),
      );
    },

    /** Divisions of a stream of the caller's branches, for the timetable picker (§10.6). */
    async divisionsFromStream(auth: AuthContext, streamSlug: string): Promise<DivisionOption[]> {
      const stream = await repo.streamInBranches(streamSlug, await adminBranches(auth));
      if (!stream) throw notFound('Stream');
      const rows = await repo.divisionsOfStream(stream.id);
      return rows.map((d) => ({
        slug: d.slug,
        division_name: d.name,
        full_name: divisionFullName(d.name, d.semesterNo),
      }));
    },

    /** A division's week, Monday first, days upper-case as the original (§10.7). */
    async divisionTimetable(auth: AuthContext, divisionSlug: string): Promise<DivisionTimetable> {
      const division = await repo.divisionInBranches(divisionSlug, await adminBranches(auth));
      if (!division) throw notFound('Division');
      const timetable = await repo.timetableOfDivision(division.id);
      const rows = timetable
        ? await lectureRepo.lectures(and(eq(lectures.timetableId, timetable.id), eq(lectures.isActive, true)))
        : [];
      const batchesOf = batchIndex(await lectureRepo.batchesOf(rows.map((r) => r.id)));
      return {
        slug: timetable?.slug ?? division.slug,
        division: {
          division_name: division.name,
          slug: division.slug,
          full_name: divisionFullName(division.name, division.semesterNo),
        },
        schedules: WEEKDAYS.map((day) => ({
          day: day.toUpperCase(),
          lectures: rows.filter((r) => r.day === day).map((r) => masterLectureWire(r, batchesOf(r.id))),
        })),
      };
    },

    /** Classrooms of the caller's branches (§6.5). */
    async classroomsForTeacher(auth: AuthContext): Promise<Classroom[]> {
      const teacher = await requireTeacher(auth);
      const rooms = await lectureRepo.classroomsOfBranches(
        auth.institutionId,
        await people.teacherBranchIds(teacher.id),
      );
      return rooms.map((r) => ({ slug: r.slug, class_name: r.name }));
    },

    /** The caller's lectures of a weekday of the current week (`current` = today), §6.4. */
    async teacherTimetable(
      auth: AuthContext,
      day: 'current' | WeekDay,
    ): Promise<{ data: TeacherTimetableBranch[]; day: WeekDay }> {
      const teacher = await dashboard.teacher(auth.profileId);
      if (!teacher) throw forbidden('Only teachers have a lecture timetable');
      const weekday = day === 'current' ? currentWeekday(deps.clock.now(), teacher.timeZone) : day;
      return { data: await teacherDay(teacher.id, teacher.timeZone, weekday), day: weekday };
    },

    /** Today's lectures of the caller's batches with session and attendance state, §6.1. */
    async studentTimetable(auth: AuthContext): Promise<StudentTimetableEntry[]> {
      const student = await dashboard.student(auth.profileId);
      if (!student) throw forbidden('Only students have a student timetable');
      const now = deps.clock.now();
      const day = currentWeekday(now, student.timeZone);
      const rows = await dashboard.studentDay(student.id, day, dateInCurrentWeek(now, student.timeZone, day));
      return [...groupRows(rows, (r) => r.streamId).values()].map((streamRows) => {
        const first = streamRows[0]!;
        return {
          stream: {
            title: first.streamTitle,
            stream_code: first.streamCode,
            slug: first.streamSlug,
            branch: { branch_name: first.branchName, slug: first.branchSlug },
          },
          timetables: [...groupRows(streamRows, (r) => r.divisionId).values()].map((divisionRows) => ({
            slug: divisionRows[0]!.timetableSlug,
            division: {
              division_name: divisionRows[0]!.divisionName,
              slug: divisionRows[0]!.divisionSlug,
              full_name: divisionFullName(divisionRows[0]!.divisionName, divisionRows[0]!.semesterNo),
            },
            lectures: divisionRows.map((l) => lectureStudentWire(l, l.batches, l.session, l.present)),
          })),
        };
      });
    },

    /** Who else holds a classroom at the time of one of the caller's lectures this week (§6.6). */
    async classroomAllocation(
      auth: AuthContext,
      lectureSlug: string,
      classroomSlug: string,
    ): Promise<ClassroomAllocation> {
      const { lecture } = await ownLecture(auth, lectureSlug);
      const classroom = await lectureRepo.classroomBySlug(auth.institutionId, classroomSlug);
      if (!classroom) throw notFound('Classroom');
      const tz = await people.institutionTimezone(auth.institutionId);
      const date = dateInCurrentWeek(deps.clock.now(), tz, lecture.day);
      const holder = await findRoomHolder(deps.db, auth.institutionId, lecture, classroom.id, date);
      if (!holder) return { associated_lecture: null };
      return {
        associated_lecture: {
          teacher: `${teacherDisplayName(holder)} (${holder.teacherCode})`,
          slug: holder.slug,
          subject_name: holder.subjectName,
          start_time: shortTime(holder.startTime),
          end_time: shortTime(holder.endTime),
          class_name: classroom.name,
        },
      };
    },

    /**
     * Moves this week's session of one of the caller's lectures to another classroom (§6.7), by the
     * rules of `classroom-change.ts`. A room another lecture holds at that time is refused unless
     * `merge` is set: then both lectures share it (a combined class) and the merge is recorded in
     * the audit trail. Answers the day's teacher timetable.
     */
    async setClassroom(
      auth: AuthContext,
      body: { lecture_slug: string; classroom_slug: string; merge: boolean },
    ): Promise<TeacherTimetableBranch[]> {
      const { teacher, lecture } = await ownLecture(auth, body.lecture_slug);
      const tz = await people.institutionTimezone(auth.institutionId);
      const change = await checkClassroomChange(deps.db, auth, {
        teacherId: teacher.id,
        lecture,
        classroomSlug: body.classroom_slug,
        date: dateInCurrentWeek(deps.clock.now(), tz, lecture.day),
        merge: body.merge,
      });
      if (change) await deps.db.transaction((tx) => applyClassroomChange(tx, auth, lecture, change));
      return teacherDay(teacher.id, tz, lecture.day);
    },
  };
}

export type TimetableService = ReturnType<typeof createTimetableService>;
