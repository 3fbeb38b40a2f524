import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllocationContext, TimetableDisagreements } from '@rollbook/contract';
import { lectureBatches, lectures, timetables } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { as } from '../../testing/choices-fixture';
import { buildAllocationWorld, type AllocationWorld } from '../../testing/allocation-fixture';
import { editMap, type Edits } from '../../testing/allocation-edit-map';
import { insertLecture, insertRoom } from '../../testing/lecture-fixture';
import { disagreeingLectures, type TimetableLecture } from './timetable-disagreements';

const CONTEXT = '/api/manage/get_subject_allocation_context';
const RESET = '/api/manage/rest_subject_allocation_context/';
const CONFIRM = '/api/manage/confirm_subject_allocation/';
const DISAGREEMENTS = '/api/allocation/get_timetable_disagreements';

describe('disagreeingLectures (pure)', () => {
  const lecture = (id: number, divisionId: number, teacherId: number): TimetableLecture => ({
    id,
    divisionId,
    offeredSubjectId: 7,
    teacherId,
    day: 'monday',
    startTime: '09:00:00',
    endTime: '10:00:00',
    type: 'theory',
  });

  it('lists a lecture whose teacher has none of the subject in that division, counting batch rows', () => {
    const found = disagreeingLectures(
      [lecture(1, 10, 1), lecture(2, 10, 2), lecture(3, 10, 3), lecture(4, 20, 1), lecture(5, 30, 9)],
      [
        { teacherId: 1, offeredSubjectId: 7, divisionId: 10, batchId: null },
        // A batch row (a lab) belongs to its batch's division.
        { teacherId: 2, offeredSubjectId: 7, divisionId: null, batchId: 101 },
        { teacherId: 2, offeredSubjectId: 7, divisionId: 20, batchId: null },
        // Another subject of division 10 does not make teacher 3 a teacher of subject 7 there.
        { teacherId: 3, offeredSubjectId: 8, divisionId: 10, batchId: null },
      ],
      new Map([[101, 10]]),
    );
    // Lecture 5: nobody is allocated subject 7 in division 30, so nothing to disagree with.
    expect(found.map((f) => [f.lecture.id, f.allocatedTeacherIds])).toEqual([
      [3, [1, 2]],
      [4, [2]],
    ]);
  });
});

describe('timetable lectures that disagree with the confirmed allocation', () => {
  const t = useTestApp();
  let w: AllocationWorld;
  beforeEach(async () => {
    w = await buildAllocationWorld(t.db);
  });

  /**
   * A full allocation where who teaches what per division does not depend on how the hours are
   * spread: Bharat all OS theory, Asha all OS tutorials, both OS labs; ML (division A) Asha's, CC
   * (division B) Bharat's, Mini Project Chetan's.
   */
  const plan = (): Edits => {
    const [asha, bharat, chetan] = [w.teachers.asha, w.teachers.bharat, w.teachers.chetan].map(
      (x) => x.teacher.slug,
    ) as [string, string, string];
    return {
      '350701': {
        theory: [[bharat, 6]],
        tutorial: [[asha, 2]],
        lab: [
          [asha, 4],
          [bharat, 4],
        ],
      },
      '350711': { theory: [[asha, 3]], lab: [[asha, 4]] },
      '350712': { theory: [[bharat, 3]], lab: [[bharat, 4]] },
      '350790': { practical: [[chetan, 16]] },
    };
  };

  async function confirm() {
    const c = (await as(t, w.admin, 'GET', CONTEXT)).body.data as AllocationContext;
    const res = await as(t, w.admin, 'POST', CONFIRM, { subject_to_teacher_map: editMap(c, plan()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function disagreements(who = w.admin): Promise<TimetableDisagreements> {
    const res = await as(t, who, 'GET', DISAGREEMENTS);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as TimetableDisagreements;
  }

  /** The master timetable of both divisions: three lectures that agree and three that do not. */
  async function timetable() {
    const [a, b] = w.divisions as [
      AllocationWorld['divisions'][number],
      AllocationWorld['divisions'][number],
    ];
    const [ttA, ttB] = await t.db
      .insert(timetables)
      .values([{ divisionId: a.id }, { divisionId: b.id }])
      .returning();
    const room = await insertRoom(t.db, w.institution.id);
    const place = { classroomId: room.id };
    const { asha, bharat, chetan, idle } = w.teachers;
    const { os, ml, cc, project } = w.subjects;
    // Agree: Bharat's OS theory in A, Asha's ML in A, Chetan's Mini Project in B.
    await insertLecture(t.db, {
      ...place,
      timetableId: ttA!.id,
      offeredSubjectId: os.id,
      teacherId: bharat.teacher.id,
    });
    await insertLecture(t.db, {
      ...place,
      timetableId: ttA!.id,
      offeredSubjectId: ml.id,
      teacherId: asha.teacher.id,
      day: 'tuesday',
    });
    await insertLecture(t.db, {
      ...place,
      timetableId: ttB!.id,
      offeredSubjectId: project.id,
      teacherId: chetan.teacher.id,
      day: 'wednesday',
    });
    // Disagree: Bharat teaches ML in A (Asha's), Isha CC in B (Bharat's), Chetan an OS lab of B1.
    await insertLecture(t.db, {
      ...place,
      timetableId: ttA!.id,
      offeredSubjectId: ml.id,
      teacherId: bharat.teacher.id,
      day: 'thursday',
      startTime: '11:00',
      endTime: '12:00',
    });
    await insertLecture(t.db, {
      ...place,
      timetableId: ttB!.id,
      offeredSubjectId: cc.id,
      teacherId: idle.teacher.id,
      day: 'monday',
      startTime: '10:00',
      endTime: '11:00',
    });
    const [lab] = await t.db
      .insert(lectures)
      .values({
        ...place,
        timetableId: ttB!.id,
        offeredSubjectId: os.id,
        teacherId: chetan.teacher.id,
        day: 'friday',
        startTime: '13:00',
        endTime: '15:00',
        type: 'lab',
      })
      .returning();
    const b1 = w.batches.find((x) => x.name === 'B1')!;
    await t.db.insert(lectureBatches).values({ lectureId: lab!.id, batchId: b1.id });
    // A lecture kept only for its history (inactive) is not the timetable any more.
    const old = await insertLecture(t.db, {
      ...place,
      timetableId: ttA!.id,
      offeredSubjectId: os.id,
      teacherId: idle.teacher.id,
      day: 'saturday',
    });
    await t.db.update(lectures).set({ isActive: false }).where(eq(lectures.id, old.id));
  }

  const teacher = (x: AllocationWorld['teachers']['asha'], name: string, code: string) => ({
    slug: x.teacher.slug,
    name,
    teacher_code: code,
  });

  it('lists, after the confirm, each lecture whose teacher the allocation did not give that subject in that division', async () => {
    await timetable();
    // Nothing is confirmed yet: a proposal is not a decision to disagree with.
    expect(await disagreements()).toEqual({ confirmed_semesters: [], lectures: [] });

    await confirm();
    const { asha, bharat, idle, chetan } = w.teachers;
    const found = await disagreements();
    expect(found.confirmed_semesters).toEqual(['BE Computer Engineering - Semester 7']);
    const subject = (s: AllocationWorld['subjects']['os'], code: string) => ({
      slug: s.slug,
      subject_name: s.name,
      subject_code: code,
    });
    const common = { semester: 'BE Computer Engineering - Semester 7' };
    expect(found.lectures).toEqual([
      {
        ...common,
        division: 'A',
        subject: subject(w.subjects.ml, '350711'),
        day: 'thursday',
        start_time: '11:00',
        end_time: '12:00',
        type: 'theory',
        batches: [],
        timetable_teacher: teacher(bharat, 'Bharat Shah', 'BS'),
        allocated_teachers: [teacher(asha, 'Asha Rao', 'AR')],
      },
      {
        ...common,
        division: 'B',
        subject: subject(w.subjects.cc, '350712'),
        day: 'monday',
        start_time: '10:00',
        end_time: '11:00',
        type: 'theory',
        batches: [],
        timetable_teacher: teacher(idle, 'Isha Idle', 'II'),
        allocated_teachers: [teacher(bharat, 'Bharat Shah', 'BS')],
      },
      {
        ...common,
        division: 'B',
        subject: subject(w.subjects.os, '350701'),
        day: 'friday',
        start_time: '13:00',
        end_time: '15:00',
        type: 'lab',
        batches: ['B1'],
        timetable_teacher: teacher(chetan, 'Chetan Mehta', 'CM'),
        allocated_teachers: [teacher(asha, 'Asha Rao', 'AR'), teacher(bharat, 'Bharat Shah', 'BS')],
      },
    ]);

    // A reset takes the confirm back, and with it the comparison.
    expect((await as(t, w.admin, 'POST', RESET)).status).toBe(200);
    expect(await disagreements()).toEqual({ confirmed_semesters: [], lectures: [] });
  });

  it("shows only the admin's own institution and branches, and only to admins", async () => {
    await timetable();
    await confirm();
    // The IT admin and another institution's admin have no confirmed semester of their own.
    expect(await disagreements(w.itAdmin)).toEqual({ confirmed_semesters: [], lectures: [] });
    expect(await disagreements(w.other.admin)).toEqual({ confirmed_semesters: [], lectures: [] });
    expect((await as(t, w.teachers.asha.profile, 'GET', DISAGREEMENTS)).status).toBe(403);
    expect((await as(t, w.students[0]!.profile, 'GET', DISAGREEMENTS)).status).toBe(403);
    expect((await as(t, null, 'GET', DISAGREEMENTS)).status).toBe(401);
  });
});
