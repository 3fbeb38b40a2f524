import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { truncateAll } from '../../db/reset';
import { instantLectureDivisions, instantLectures, lectureSessions } from '../../db/schema';
import { newSessionId } from '../lectures/lecture-sessions.repository';
import { buildRecordHistory } from '../../testing/record-fixture';
import { useTestApp } from '../../testing/test-app';
import { createAttendanceRecordRepository, type RecordFilter } from '.';
import { tallyRows, freshTallyRows, type TallyRow } from '../../testing/tally-fixture';

// The tally the triggers keep (migration 0008) against the marks grouped afresh, after random
// sequences of every kind of write the application makes: marks inserted one by one and in bulk,
// corrected, moved to another session or student, cleared by retention, deleted; sessions started,
// ended, reset, moved to another lecture, created and deleted; an instant lecture deleted.

const t = useTestApp();

type History = Awaited<ReturnType<typeof buildRecordHistory>>;

/** The record fixture plus an instant lecture of IS for division A, held, with two marks. */
async function buildWorld(db: Db) {
  const w = await buildRecordHistory(db);
  const [instant] = await db
    .insert(instantLectures)
    .values({
      semesterId: w.world.semester.id,
      teacherId: w.world.teachers.cst.teacher.id,
      offeredSubjectId: w.subjects.IS.id,
      day: '2026-10-22',
      startTime: '11:00',
      endTime: '12:00',
    })
    .returning();
  await db
    .insert(instantLectureDivisions)
    .values({ instantLectureId: instant!.id, divisionId: w.world.divisions.A.id });
  const [session] = await db
    .insert(lectureSessions)
    .values({
      sessionId: newSessionId(),
      instantLectureId: instant!.id,
      day: '2026-10-22',
      status: 'post',
      startedAt: new Date('2026-10-22T11:00:00+05:30'),
    })
    .returning();
  await db.execute(sql`insert into attendances (session_id, student_id, is_present, excuse, slug)
    values (${session!.id}, ${w.students.a1.student.id}, true, null, 'i1'),
           (${session!.id}, ${w.students.b1.student.id}, false, 'medical', 'i2')`);
  return w;
}

/** A write, its numbers resolved against whatever rows exist when it runs (modulo their count). */
type Write =
  | { kind: 'mark'; session: number; student: number; status: number }
  | { kind: 'markSession'; session: number; statuses: number[] }
  | { kind: 'correct'; mark: number; status: number }
  | { kind: 'flipSession'; session: number }
  | { kind: 'retention'; session: number }
  | { kind: 'moveMarkToSession'; mark: number; session: number }
  | { kind: 'moveMarkToStudent'; mark: number; student: number }
  | { kind: 'unmark'; mark: number }
  | { kind: 'unmarkSession'; session: number }
  | { kind: 'sessionState'; session: number; state: number }
  | { kind: 'moveSession'; session: number; lecture: number }
  | { kind: 'newSession'; lecture: number; held: boolean }
  | { kind: 'dropSession'; session: number }
  | { kind: 'dropInstant' };

const pick = fc.nat({ max: 1000 });
const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('mark' as const), session: pick, student: pick, status: pick }),
  fc.record({
    kind: fc.constant('markSession' as const),
    session: pick,
    statuses: fc.array(pick, { minLength: 4, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('correct' as const), mark: pick, status: pick }),
  fc.record({ kind: fc.constant('flipSession' as const), session: pick }),
  fc.record({ kind: fc.constant('retention' as const), session: pick }),
  fc.record({ kind: fc.constant('moveMarkToSession' as const), mark: pick, session: pick }),
  fc.record({ kind: fc.constant('moveMarkToStudent' as const), mark: pick, student: pick }),
  fc.record({ kind: fc.constant('unmark' as const), mark: pick }),
  fc.record({ kind: fc.constant('unmarkSession' as const), session: pick }),
  fc.record({ kind: fc.constant('sessionState' as const), session: pick, state: pick }),
  fc.record({ kind: fc.constant('moveSession' as const), session: pick, lecture: pick }),
  fc.record({ kind: fc.constant('newSession' as const), lecture: pick, held: fc.boolean() }),
  fc.record({ kind: fc.constant('dropSession' as const), session: pick }),
  fc.constant({ kind: 'dropInstant' as const }),
);

/** A mark's columns for status n: present, absent, or excused for one of the three reasons. */
function markOf(n: number): { isPresent: boolean; excuse: string | null } {
  const statuses = [
    { isPresent: true, excuse: null },
    { isPresent: false, excuse: null },
    { isPresent: false, excuse: 'leave' },
    { isPresent: true, excuse: 'on_duty' },
    { isPresent: false, excuse: 'medical' },
  ];
  return statuses[n % statuses.length]!;
}

/** Session states: held (ongoing, post) and not held (pre; started but pre; ended but never started). */
const SESSION_STATES = [
  { status: 'ongoing', started: true },
  { status: 'post', started: true },
  { status: 'pre', started: false },
  { status: 'pre', started: true },
  { status: 'post', started: false },
] as const;

async function ids(db: Db, query: ReturnType<typeof sql>): Promise<number[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

const nth = (xs: number[], n: number) => (xs.length === 0 ? undefined : xs[n % xs.length]);

let dayCounter = 0;

/** Runs one write as the application's writers do: plain statements, each firing the triggers. */
async function apply(db: Db, w: History, write: Write): Promise<void> {
  const students = Object.values(w.students).map((s) => s.student.id);
  const sessions = await ids(db, sql`select id from lecture_sessions order by id`);
  const marks = await ids(db, sql`select id from attendances order by id`);
  const lectures = await ids(db, sql`select id from lectures order by id`);
  const session = 'session' in write ? nth(sessions, write.session) : undefined;
  const mark = 'mark' in write ? nth(marks, write.mark) : undefined;
  switch (write.kind) {
    case 'mark': {
      if (session === undefined) return;
      const m = markOf(write.status);
      await db.execute(sql`insert into attendances (session_id, student_id, is_present, excuse, slug)
        values (${session}, ${nth(students, write.student)!}, ${m.isPresent}, ${m.excuse}, md5(random()::text))
        on conflict do nothing`);
      return;
    }
    case 'markSession': {
      if (session === undefined) return;
      const rows = students.map((student, i) => {
        const m = markOf(write.statuses[i]!);
        return sql`(${session}, ${student}, ${m.isPresent}, ${m.excuse}, md5(random()::text))`;
      });
      await db.execute(sql`insert into attendances (session_id, student_id, is_present, excuse, slug)
        values ${sql.join(rows, sql`, `)} on conflict do nothing`);
      return;
    }
    case 'correct': {
      if (mark === undefined) return;
      const m = markOf(write.status);
      await db.execute(
        sql`update attendances set is_present = ${m.isPresent}, excuse = ${m.excuse}, corrected_at = now() where id = ${mark}`,
      );
      return;
    }
    case 'flipSession':
      if (session === undefined) return;
      await db.execute(sql`update attendances set is_present = not is_present where session_id = ${session}`);
      return;
    case 'retention':
      if (session === undefined) return;
      await db.execute(sql`update attendances set latitude = null, longitude = null, recording_path = null,
        personal_data_cleared_at = now() where session_id = ${session}`);
      return;
    case 'moveMarkToSession':
      if (mark === undefined || session === undefined) return;
      await db.execute(sql`update attendances a set session_id = ${session} where a.id = ${mark}
        and not exists (select 1 from attendances b where b.session_id = ${session} and b.student_id = a.student_id)`);
      return;
    case 'moveMarkToStudent': {
      if (mark === undefined) return;
      const student = nth(students, write.student)!;
      await db.execute(sql`update attendances a set student_id = ${student} where a.id = ${mark}
        and not exists (select 1 from attendances b where b.session_id = a.session_id and b.student_id = ${student})`);
      return;
    }
    case 'unmark':
      if (mark === undefined) return;
      await db.execute(sql`delete from attendances where id = ${mark}`);
      return;
    case 'unmarkSession':
      if (session === undefined) return;
      await db.execute(sql`delete from attendances where session_id = ${session}`);
      return;
    case 'sessionState': {
      if (session === undefined) return;
      const s = SESSION_STATES[write.state % SESSION_STATES.length]!;
      await db.execute(sql`update lecture_sessions set status = ${s.status},
        started_at = ${s.started ? sql`coalesce(started_at, now())` : sql`null`} where id = ${session}`);
      return;
    }
    case 'moveSession': {
      // Only a timetable session moves between lectures; a day already taken there is skipped.
      const lecture = nth(lectures, write.lecture);
      if (session === undefined || lecture === undefined) return;
      await db.execute(sql`update lecture_sessions s set lecture_id = ${lecture}
        where s.id = ${session} and s.lecture_id is not null
        and not exists (select 1 from lecture_sessions o where o.lecture_id = ${lecture} and o.day = s.day)`);
      return;
    }
    case 'newSession': {
      const lecture = nth(lectures, write.lecture);
      if (lecture === undefined) return;
      dayCounter += 1;
      await db.insert(lectureSessions).values({
        sessionId: newSessionId(),
        lectureId: lecture,
        day: new Date(Date.UTC(2026, 8, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10),
        status: write.held ? 'post' : 'pre',
        startedAt: write.held ? new Date('2026-09-01T09:00:00Z') : null,
      });
      return;
    }
    case 'dropSession':
      if (session === undefined) return;
      await db.execute(sql`delete from lecture_sessions where id = ${session}`);
      return;
    case 'dropInstant':
      await db.execute(sql`delete from instant_lectures`);
      return;
  }
}

/** The filters compared: the institution, each subject, each student, a batch, ranges. */
function filtersOf(w: History): RecordFilter[] {
  const base = { institutionId: w.world.institutionId };
  return [
    base,
    { ...base, branchIds: [w.world.branch.id] },
    ...Object.values(w.subjects).map((s) => ({ ...base, subjectIds: [s.id] })),
    ...Object.values(w.students).map((s) => ({ ...base, studentIds: [s.student.id] })),
    { ...base, studentIds: [w.students.a1.student.id, w.students.b2.student.id] },
    { ...base, batchId: w.batches.A1.id },
    { ...base, divisionId: w.world.divisions.A.id },
    // A range cutting some lectures, one covering every session, one ending before the newest.
    { ...base, from: '2026-10-21', to: '2026-10-30' },
    { ...base, from: '2026-01-01', to: '2027-12-31' },
    { ...base, to: '2026-10-25', subjectIds: [w.subjects.IS.id] },
    { ...base, from: '2026-10-20', studentIds: [w.students.a1.student.id] },
  ];
}

/** Both ways of summing marks answer every filter alike, tallies and detention list. */
async function expectPathsAgree(db: Db, w: History): Promise<void> {
  const fromTally = createAttendanceRecordRepository(db);
  const fromMarks = createAttendanceRecordRepository(db, { marksFrom: 'attendances' });
  for (const f of filtersOf(w)) {
    expect(await fromTally.subjectTallies(f), JSON.stringify(f)).toEqual(await fromMarks.subjectTallies(f));
    expect(await fromTally.detained(f, 75), JSON.stringify(f)).toEqual(await fromMarks.detained(f, 75));
  }
}

describe('the trigger-kept attendance tally', () => {
  it('starts equal to the marks grouped afresh, and is what the record reads', async () => {
    const w = await buildWorld(t.db);
    const rows = await tallyRows(t.db);
    expect(rows).toEqual(await freshTallyRows(t.db));
    // a1 in IS theory: present, medical, present (the fourth session never started).
    expect(rows).toContainEqual({
      studentId: w.students.a1.student.id,
      lectureKey: w.lectures.isTheory.id,
      marks: 3,
      present: 2,
      excused: 1,
    } satisfies TallyRow);
    // The instant lecture is keyed by minus its id.
    expect(rows.filter((r) => r.lectureKey < 0)).toHaveLength(2);
    // The record uses the tally: a tally row changed behind the triggers' back shows in its figures.
    await t.db.execute(sql`update attendance_tallies set present = present - 1
      where student_id = ${w.students.a1.student.id} and lecture_key = ${w.lectures.isTheory.id}`);
    const [a1] = await createAttendanceRecordRepository(t.db).subjectTallies({
      institutionId: w.world.institutionId,
      studentIds: [w.students.a1.student.id],
      subjectIds: [w.subjects.IS.id],
    });
    // Held 3 theory + 1 lab + 1 instant; attended 2 + 0 + 1, less the one taken away.
    expect(a1).toMatchObject({ held: 5, attended: 2 });
  });

  it('stays equal to the marks grouped afresh after random writes of every kind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writeArb, { minLength: 1, maxLength: 25 }), async (writes) => {
        await truncateAll(t.db);
        const w = await buildWorld(t.db);
        for (const write of writes) await apply(t.db, w, write);
        expect(await tallyRows(t.db)).toEqual(await freshTallyRows(t.db));
        await expectPathsAgree(t.db, w);
      }),
      { numRuns: 20 },
    );
  });

  it('is rebuilt from scratch by its repair function, and emptied with the marks by a truncate', async () => {
    await buildWorld(t.db);
    const kept = await tallyRows(t.db);
    expect(kept.length).toBeGreaterThan(0);
    await t.db.execute(sql`delete from attendance_tallies`);
    await t.db.execute(sql`select attendance_tallies_rebuild()`);
    expect(await tallyRows(t.db)).toEqual(kept);
    // TRUNCATE fires no row trigger: a truncate reaching the marks (here by cascade) empties the tally.
    await t.db.execute(sql`truncate lecture_sessions cascade`);
    expect(await tallyRows(t.db)).toEqual([]);
  });
});
