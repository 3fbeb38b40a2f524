import type { Db } from '../db/client';
import { classrooms, lectures } from '../db/schema';
import type { Weekday } from '../lib/week';

/** What places a weekly lecture; the rest of the row has the test defaults. */
export interface TestLecture {
  timetableId: number;
  offeredSubjectId: number;
  teacherId: number;
  classroomId: number;
  day?: Weekday;
  startTime?: string;
  endTime?: string;
}

/** A weekly theory lecture: Monday 09:00-10:00 (the test clock's day and hour) unless told otherwise. */
export async function insertLecture(db: Db, lecture: TestLecture) {
  const [row] = await db
    .insert(lectures)
    .values({
      ...lecture,
      day: lecture.day ?? 'monday',
      startTime: lecture.startTime ?? '09:00',
      endTime: lecture.endTime ?? '10:00',
      type: 'theory',
    })
    .returning();
  return row!;
}

/** Room LH101 of an institution, on the test campus unless given a point. */
export async function insertRoom(
  db: Db,
  institutionId: number,
  point = { latitude: 23.03, longitude: 72.54 },
) {
  const [room] = await db
    .insert(classrooms)
    .values({ institutionId, name: 'LH101', ...point })
    .returning();
  return room!;
}
