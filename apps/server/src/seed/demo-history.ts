import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  attendanceCorrections,
  attendances,
  batchStudents,
  classrooms,
  institutions,
  lectureBatches,
  lectureSessions,
  lectures,
  profiles,
  semesters,
  students,
  teachers,
  timetables,
  divisions,
  type AttendanceMark,
} from '../db/schema';
import { dbTimeToMinutes } from '../lib/clock-time';
import { addDays, dateInCurrentWeek, WEEKDAYS, type Weekday } from '../lib/week';
import { instantAt } from '../lib/zoned-time';
import { planMark, studentBaseShare, subjectShare, type Habit, type PlannedMark } from './demo-history-plan';
import { seededRandom } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Full weeks of held sessions before the current week. */
export const DEMO_HISTORY_WEEKS = 6;
/** The demo student attends the demo teacher's subject this often: under 75 %, so alerts and reports show it. */
const DEMO_STUDENT_SHARE_WITH_DEMO_TEACHER = 0.6;
const DEMO_STUDENT_EMAIL = 'student@rollbook.test';
const DEMO_TEACHER_EMAIL = 'teacher@rollbook.test';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const INSERT_CHUNK = 2000;

interface HistoryLecture {
  id: number;
  day: Weekday;
  startMinutes: number;
  endMinutes: number;
  offeredSubjectId: number;
  classroomId: number;
  room: { latitude: number; longitude: number };
  teacherProfileId: number;
  teacherEmail: string;
  semesterStart: string | null;
  audience: number[];
}

/** The demo institution's timetabled lectures with who is expected at each. */
async function loadLectures(tx: Tx, institutionId: number): Promise<HistoryLecture[]> {
  const rows = await tx
    .select({
      id: lectures.id,
      day: lectures.day,
      startTime: lectures.startTime,
      endTime: lectures.endTime,
      offeredSubjectId: lectures.offeredSubjectId,
      classroomId: lectures.classroomId,
      latitude: classrooms.latitude,
      longitude: classrooms.longitude,
      teacherProfileId: teachers.profileId,
      teacherEmail: profiles.email,
      semesterStart: semesters.startDate,
    })
    .from(lectures)
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
    .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
    .innerJoin(classrooms, eq(classrooms.id, lectures.classroomId))
    .innerJoin(teachers, eq(teachers.id, lectures.teacherId))
    .innerJoin(profiles, eq(profiles.id, teachers.profileId))
    .where(and(eq(semesters.institutionId, institutionId), eq(lectures.isActive, true)))
    .orderBy(asc(lectures.id));
  if (rows.length === 0) return [];
  const byLecture = await tx
    .select({ lectureId: lectureBatches.lectureId, studentId: batchStudents.studentId })
    .from(lectureBatches)
    .innerJoin(batchStudents, eq(batchStudents.batchId, lectureBatches.batchId))
    .where(
      inArray(
        lectureBatches.lectureId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(batchStudents.studentId));
  const group = <K>(items: Array<{ key: K; studentId: number }>) => {
    const map = new Map<K, number[]>();
    for (const i of items) map.set(i.key, [...(map.get(i.key) ?? []), i.studentId]);
    return map;
  };
  const batchAudience = group(byLecture.map((r) => ({ key: r.lectureId, studentId: r.studentId })));
  return rows.map((r) => ({
    id: r.id,
    day: r.day,
    startMinutes: dbTimeToMinutes(r.startTime),
    endMinutes: dbTimeToMinutes(r.endTime),
    offeredSubjectId: r.offeredSubjectId,
    classroomId: r.classroomId,
    room: { latitude: r.latitude, longitude: r.longitude },
    teacherProfileId: r.teacherProfileId,
    teacherEmail: r.teacherEmail,
    semesterStart: r.semesterStart,
    // The students of the batches the lecture names (a theory lecture names its division's
    // batches taking the subject): the attendance record's own definition of the audience.
    audience: [...new Set(batchAudience.get(r.id) ?? [])],
  }));
}

/** Each student's habit per subject, from one seeded stream (the same demo on every machine). */
function habitsOf(history: HistoryLecture[], demoStudentId: number | undefined, random: () => number) {
  const base = new Map<number, number>();
  const habits = new Map<string, Habit>();
  const demoTeacherSubjects = new Set(
    history.filter((l) => l.teacherEmail === DEMO_TEACHER_EMAIL).map((l) => l.offeredSubjectId),
  );
  return (studentId: number, subjectId: number): Habit => {
    const key = `${studentId}:${subjectId}`;
    let habit = habits.get(key);
    if (!habit) {
      if (!base.has(studentId)) base.set(studentId, studentBaseShare(random));
      const share =
        studentId === demoStudentId && demoTeacherSubjects.has(subjectId)
          ? DEMO_STUDENT_SHARE_WITH_DEMO_TEACHER
          : subjectShare(base.get(studentId)!, random);
      habit = { studentId, attendsShare: share };
      habits.set(key, habit);
    }
    return habit;
  };
}

const metresToLat = (m: number) => m / 111_320;
const metresToLon = (m: number, lat: number) => m / (111_320 * Math.cos((lat * Math.PI) / 180));

type AttendanceInsert = typeof attendances.$inferInsert;

/** The row a planned mark leaves (null: no row, the student is absent by default). */
function attendanceRow(
  mark: PlannedMark,
  ctx: { sessionId: number; studentId: number; startedAt: Date; endedAt: Date; room: HistoryLecture['room'] },
  privacy: { clearedBy: Date; now: Date },
  random: () => number,
): AttendanceInsert | null {
  if (mark.kind === 'missing') return null;
  const base = { sessionId: ctx.sessionId, studentId: ctx.studentId };
  if (mark.kind === 'excused') {
    return { ...base, isPresent: false, excuse: mark.excuse, createdAt: ctx.endedAt, updatedAt: ctx.endedAt };
  }
  const markingTime = new Date(ctx.startedAt.getTime() + mark.minutesLate * MINUTE_MS);
  const distance = Math.hypot(mark.offsetM.north, mark.offsetM.east);
  // Positions older than the retention period were deleted by the nightly sweep, as in production.
  const cleared = markingTime < privacy.clearedBy;
  const position = cleared
    ? { personalDataClearedAt: privacy.now }
    : {
        latitude: ctx.room.latitude + metresToLat(mark.offsetM.north),
        longitude: ctx.room.longitude + metresToLon(mark.offsetM.east, ctx.room.latitude),
        accuracyM: mark.kind === 'present' ? Math.round(mark.accuracyM) : 18,
      };
  const present = mark.kind === 'present';
  return {
    ...base,
    ...position,
    isPresent: present,
    markingTime,
    gpsDistance: Math.round(distance * 10) / 10,
    similarity: present ? 0.72 + random() * 0.24 : 0.2 + random() * 0.3,
    euclideanDistance: present ? 0.4 + random() * 0.6 : 1.2 + random() * 0.8,
    ncc: present ? 0.3 + random() * 0.35 : 0.02 + random() * 0.1,
    magnitude: present ? 2 + random() * 3 : 0.3 + random() * 0.8,
    verdict: present ? 'present' : 'absent',
    reasons: present ? [] : mark.reasons,
    createdAt: markingTime,
    updatedAt: markingTime,
  };
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/** Corrections a teacher made after class, with their reasons (the trail the sheets show). */
const CORRECTIONS: ReadonlyArray<{ after: AttendanceMark; reason: string }> = [
  {
    after: { status: 'present', excuse: null },
    reason: 'Was in the front row; the phone’s microphone was covered. Confirmed in class.',
  },
  {
    after: { status: 'present', excuse: null },
    reason: 'Recording failed twice on an old phone; answered the roll call.',
  },
  {
    after: { status: 'excused', excuse: 'medical' },
    reason: 'Medical certificate submitted to the office.',
  },
];

/**
 * Several past weeks of held sessions for the demo timetable with realistic attendance: most
 * students attend well, some fall under 75 % (the demo student in the demo teacher's subject), a
 * few absences are excused, some refused recordings, and three marks corrected by their teacher
 * with a reason. Deterministic (seeded), and inserted in bulk so `npm start` stays quick.
 * Weeks are counted back from `now`, so the current week's sessions are still to be held.
 */
export async function seedDemoHistory(db: Db, now: Date): Promise<void> {
  const random = seededRandom(1616);
  await db.transaction(async (tx) => {
    const [inst] = await tx
      .select({
        id: institutions.id,
        timezone: institutions.timezone,
        retentionDays: institutions.recordingRetentionDays,
      })
      .from(institutions)
      .where(eq(institutions.code, '028'))
      .orderBy(desc(institutions.id))
      .limit(1);
    if (!inst) throw new Error('demo institution not found');
    const history = await loadLectures(tx, inst.id);
    const [demoStudent] = await tx
      .select({ id: students.id })
      .from(students)
      .innerJoin(profiles, eq(profiles.id, students.profileId))
      .where(eq(profiles.email, DEMO_STUDENT_EMAIL));
    const habitOf = habitsOf(history, demoStudent?.id, random);

    const monday = dateInCurrentWeek(now, inst.timezone, 'monday');
    const planned: Array<{ lecture: HistoryLecture; day: string; startedAt: Date; endedAt: Date }> = [];
    for (let week = DEMO_HISTORY_WEEKS; week >= 1; week -= 1) {
      for (const lecture of history) {
        const day = addDays(monday, WEEKDAYS.indexOf(lecture.day) - 7 * week);
        if (lecture.semesterStart && day < lecture.semesterStart) continue;
        // Teachers start a couple of minutes after the hour and end on time.
        const startedAt = new Date(
          instantAt(day, lecture.startMinutes, inst.timezone).getTime() + 2 * MINUTE_MS,
        );
        planned.push({ lecture, day, startedAt, endedAt: instantAt(day, lecture.endMinutes, inst.timezone) });
      }
    }
    if (planned.length === 0) return;

    const sessionIds: number[] = [];
    await insertInChunks(planned, async (chunk) => {
      const inserted = await tx
        .insert(lectureSessions)
        .values(
          chunk.map((p) => ({
            sessionId: `demo${Math.floor(random() * 2 ** 32)
              .toString(16)
              .padStart(8, '0')}${sessionIds.length.toString(16).padStart(6, '0')}`,
            lectureId: p.lecture.id,
            day: p.day,
            status: 'post' as const,
            classroomFinalId: p.lecture.classroomId,
            startedAt: p.startedAt,
            endedAt: p.endedAt,
            createdAt: p.startedAt,
          })),
        )
        .returning({ id: lectureSessions.id });
      sessionIds.push(...inserted.map((r) => r.id));
    });

    const privacy = { clearedBy: new Date(now.getTime() - inst.retentionDays * DAY_MS), now };
    const rows: AttendanceInsert[] = [];
    const correctable: Array<{ rowIndex: number; teacherProfileId: number; endedAt: Date }> = [];
    planned.forEach((p, i) => {
      for (const studentId of p.lecture.audience) {
        const mark = planMark(habitOf(studentId, p.lecture.offeredSubjectId), random);
        const ctx = {
          sessionId: sessionIds[i]!,
          studentId,
          startedAt: p.startedAt,
          endedAt: p.endedAt,
          room: p.lecture.room,
        };
        const row = attendanceRow(mark, ctx, privacy, random);
        if (!row) continue;
        if (
          mark.kind === 'refused' &&
          studentId !== demoStudent?.id &&
          correctable.length < CORRECTIONS.length &&
          random() < 0.05
        )
          correctable.push({
            rowIndex: rows.length,
            teacherProfileId: p.lecture.teacherProfileId,
            endedAt: p.endedAt,
          });
        rows.push(row);
      }
    });

    // The corrected rows hold their final marks; the trail keeps what they were.
    const trail = correctable.map((c, k) => {
      const { after, reason } = CORRECTIONS[k]!;
      const row = rows[c.rowIndex]!;
      const correctedAt = new Date(c.endedAt.getTime() + DAY_MS);
      Object.assign(row, {
        isPresent: after.status === 'present',
        excuse: after.excuse,
        correctedAt,
        changedByTeacherAt: correctedAt,
      });
      return {
        key: `${row.sessionId}:${row.studentId}`,
        teacherProfileId: c.teacherProfileId,
        correctedAt,
        after,
        reason,
      };
    });

    const correctedIds = new Map<string, number>();
    await insertInChunks(rows, async (chunk) => {
      const inserted = await tx.insert(attendances).values(chunk).returning({
        id: attendances.id,
        sessionId: attendances.sessionId,
        studentId: attendances.studentId,
      });
      for (const r of inserted) {
        const key = `${r.sessionId}:${r.studentId}`;
        if (trail.some((t) => t.key === key)) correctedIds.set(key, r.id);
      }
    });
    if (trail.length > 0) {
      await tx.insert(attendanceCorrections).values(
        trail.map((t) => ({
          attendanceId: correctedIds.get(t.key)!,
          changedBy: t.teacherProfileId,
          changedAt: t.correctedAt,
          before: { status: 'absent', excuse: null } satisfies AttendanceMark,
          after: t.after,
          reason: t.reason,
        })),
      );
    }
  });
}
