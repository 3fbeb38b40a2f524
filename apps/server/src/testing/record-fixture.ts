import type { Db } from '../db/client';
import {
  attendances,
  batchStudents,
  divisionStudents,
  lectureBatches,
  lectureSessions,
  lectures,
  timetables,
} from '../db/schema';
import type { AttendanceExcuse } from '../db/schema';
import type { Weekday } from '../lib/week';
import { newSessionId } from '../domain/lectures/lecture-sessions.repository';
import { buildStudent } from './factories';
import { buildTimetableWorld, type TimetableWorld } from './timetable-fixture';

/** A mark as a test writes it: present, absent, excused for a reason, or no row at all. */
export type TestMark = 'present' | 'absent' | 'none' | AttendanceExcuse;

/**
 * Adds an active lecture of a subject to a division's timetable (created if it has none), attended
 * by `batchIds`: Monday 09:00-10:00 in LH101 by CST unless told otherwise.
 */
export async function addRecordLecture(
  db: Db,
  world: TimetableWorld,
  opts: {
    subjectId: number;
    divisionId: number;
    batchIds: number[];
    day?: Weekday;
    type?: 'theory' | 'lab' | 'practical';
    teacherId?: number;
  },
) {
  const existing = await db.query.timetables.findFirst({
    where: (t, { eq }) => eq(t.divisionId, opts.divisionId),
  });
  const timetableId =
    existing?.id ?? (await db.insert(timetables).values({ divisionId: opts.divisionId }).returning())[0]!.id;
  const [lecture] = await db
    .insert(lectures)
    .values({
      timetableId,
      day: opts.day ?? 'monday',
      startTime: '09:00',
      endTime: '10:00',
      type: opts.type ?? 'theory',
      offeredSubjectId: opts.subjectId,
      teacherId: opts.teacherId ?? world.teachers.cst.teacher.id,
      classroomId: world.rooms.LH101!.id,
    })
    .returning();
  await db
    .insert(lectureBatches)
    .values(opts.batchIds.map((batchId) => ({ lectureId: lecture!.id, batchId })));
  return lecture!;
}

/**
 * A session of a lecture on `day`, held (status post, started) unless `started` is false (then it
 * stays `pre`, never held), with one attendance row per student given a mark other than 'none'.
 */
export async function holdSession(
  db: Db,
  lectureId: number,
  day: string,
  marks: ReadonlyArray<readonly [studentId: number, mark: TestMark]>,
  opts: { started?: boolean } = {},
) {
  const started = opts.started ?? true;
  const [session] = await db
    .insert(lectureSessions)
    .values({
      sessionId: newSessionId(),
      lectureId,
      day,
      status: started ? 'post' : 'pre',
      startedAt: started ? new Date(`${day}T09:00:00+05:30`) : null,
      endedAt: started ? new Date(`${day}T10:00:00+05:30`) : null,
    })
    .returning();
  const rows = marks
    .filter(([, mark]) => mark !== 'none')
    .map(([studentId, mark]) => ({
      sessionId: session!.id,
      studentId,
      isPresent: mark === 'present',
      excuse: mark === 'present' || mark === 'absent' || mark === 'none' ? null : mark,
    }));
  if (rows.length > 0) await db.insert(attendances).values(rows);
  return session!;
}

/**
 * The timetable world's semester 7 with its subjects by short name (IS, CD, PM, ML) and its four
 * students by batch (A1, A2 in division A; B1, B2 in division B).
 */
export async function buildRecordWorld(db: Db, opts: { institutionId?: number; branchCode?: string } = {}) {
  const world = await buildTimetableWorld(db, opts);
  const offered = await db.query.offeredSubjects.findMany({
    where: (s, { eq }) => eq(s.semesterId, world.semester.id),
    orderBy: (s, { asc }) => [asc(s.id)],
  });
  const [IS, CD, PM, ML] = offered;
  const student = (batch: string) => world.students.get(batch)![0]!;
  const batch = (name: string) => world.batches.find((b) => b.name === name)!;
  return {
    world,
    subjects: { IS: IS!, CD: CD!, PM: PM!, ML: ML! },
    students: { a1: student('A1'), a2: student('A2'), b1: student('B1'), b2: student('B2') },
    batches: { A1: batch('A1'), A2: batch('A2'), B1: batch('B1'), B2: batch('B2') },
  };
}

export type RecordWorld = Awaited<ReturnType<typeof buildRecordWorld>>;

/**
 * IS theory for division A (Mondays), an IS lab for A1 (Wednesdays), CD theory for division B
 * (Tuesdays, taught by HAJ; the others by CST); sessions in the weeks of 19 Oct, 26 Oct and 2 Nov 2026, one not started.
 */
export async function buildRecordHistory(db: Db) {
  const w = await buildRecordWorld(db);
  const { a1, a2, b1, b2 } = w.students;
  const divA = w.world.divisions.A.id;
  const divB = w.world.divisions.B.id;
  const isTheory = await addRecordLecture(db, w.world, {
    subjectId: w.subjects.IS.id,
    divisionId: divA,
    batchIds: [w.batches.A1.id, w.batches.A2.id],
  });
  const isLab = await addRecordLecture(db, w.world, {
    subjectId: w.subjects.IS.id,
    divisionId: divA,
    batchIds: [w.batches.A1.id],
    day: 'wednesday',
    type: 'lab',
  });
  const cdTheory = await addRecordLecture(db, w.world, {
    subjectId: w.subjects.CD.id,
    divisionId: divB,
    batchIds: [w.batches.B1.id, w.batches.B2.id],
    day: 'tuesday',
    teacherId: w.world.teachers.haj.teacher.id,
  });
  await holdSession(db, isTheory.id, '2026-10-19', [
    [a1.student.id, 'present'],
    [a2.student.id, 'absent'],
  ]);
  await holdSession(db, isTheory.id, '2026-10-26', [
    [a1.student.id, 'medical'],
    [a2.student.id, 'present'],
  ]);
  // A2 has no row at all: expected, so absent.
  await holdSession(db, isTheory.id, '2026-11-02', [[a1.student.id, 'present']]);
  // Never started: not held, whatever its rows say.
  await holdSession(db, isTheory.id, '2026-11-09', [[a1.student.id, 'present']], { started: false });
  await holdSession(db, isLab.id, '2026-10-21', [[a1.student.id, 'absent']]);
  // A1 is not in CD's audience but was marked present there: a mark always counts.
  await holdSession(db, cdTheory.id, '2026-10-20', [
    [b1.student.id, 'present'],
    [b2.student.id, 'leave'],
    [a1.student.id, 'present'],
  ]);
  return { ...w, lectures: { isTheory, isLab, cdTheory } };
}

/**
 * A late admission to a history's division A and batch A2, expected from `since` (people-0001):
 * "Late Joiner", placed after the term began.
 */
export async function admitLateToA2(
  db: Db,
  history: Awaited<ReturnType<typeof buildRecordHistory>>,
  since: string,
) {
  const late = await buildStudent(db, {
    institutionId: history.world.institutionId,
    branchId: history.world.branch.id,
    semesterId: history.world.semester.id,
    name: 'Late Joiner',
  });
  await db.insert(divisionStudents).values({
    semesterId: history.world.semester.id,
    divisionId: history.world.divisions.A.id,
    studentId: late.student.id,
    since,
  });
  await db
    .insert(batchStudents)
    .values({ batchId: history.batches.A2.id, studentId: late.student.id, since });
  return late;
}
