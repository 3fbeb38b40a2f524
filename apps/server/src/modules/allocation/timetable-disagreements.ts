import type { TimetableDisagreement, TimetableDisagreements } from '@rollbook/contract';
import { WEEK_DAYS } from '@rollbook/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, lectureBatches, lectures, timetables } from '../../db/schema';
import { createScope, semesterLabel } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import type { AuthContext } from '../../lib/caller';
import { shortTime } from '../../lib/clock-time';
import { createAllocationRepository, type AllocationRecord } from './allocation.repository';

/** A weekly lecture of the master timetable, as the comparison needs it. */
export interface TimetableLecture {
  id: number;
  divisionId: number;
  offeredSubjectId: number;
  teacherId: number;
  day: (typeof WEEK_DAYS)[number];
  startTime: string;
  endTime: string;
  type: TimetableDisagreement['type'];
}

/**
 * The lectures whose teacher is not one the confirmed allocation gives their subject in their
 * division, each with those allocated teachers' ids (sorted). The comparison is per division and
 * subject, any kind: a teacher allocated the subject's lab in a division may also be timetabled
 * for its theory there without being listed, because a timetable may legitimately split a
 * subject's hours differently from the allocation's kinds, while a teacher allocated nothing of the
 * subject in that division is a real disagreement. A subject allocated to nobody in a division is
 * not listed (there is nothing to disagree with; the Non-Allocated tab shows those hours).
 * Pure: `batchDivision` maps a batch to its division, since batch rows name no division.
 */
export function disagreeingLectures(
  timetable: readonly TimetableLecture[],
  confirmed: readonly Pick<AllocationRecord, 'teacherId' | 'offeredSubjectId' | 'divisionId' | 'batchId'>[],
  batchDivision: ReadonlyMap<number, number>,
): { lecture: TimetableLecture; allocatedTeacherIds: number[] }[] {
  const allocated = new Map<string, Set<number>>();
  for (const r of confirmed) {
    const divisionId = r.divisionId ?? (r.batchId === null ? undefined : batchDivision.get(r.batchId));
    if (divisionId === undefined) continue;
    const key = `${divisionId}|${r.offeredSubjectId}`;
    allocated.set(key, (allocated.get(key) ?? new Set()).add(r.teacherId));
  }
  return timetable.flatMap((lecture) => {
    const teachers = allocated.get(`${lecture.divisionId}|${lecture.offeredSubjectId}`);
    if (!teachers || teachers.has(lecture.teacherId)) return [];
    return [{ lecture, allocatedTeacherIds: [...teachers].sort((a, b) => a - b) }];
  });
}

/**
 * Compares the master timetable with the confirmed allocation of the admin's current semesters
 * (active, of their branches in their institution, allocation confirmed): every timetable lecture
 * whose teacher the allocation did not give that subject in that division. Reads only; past terms
 * and unconfirmed semesters are not compared (a proposal is not a decision to disagree with).
 */
export async function timetableDisagreements(db: Db, auth: AuthContext): Promise<TimetableDisagreements> {
  const repo = createAllocationRepository(db);
  const active = (await createScope(db).semestersOf(auth)).filter((s) => s.isActive);
  const confirmedIds = await repo.confirmedSemesterIds(active.map((s) => s.id));
  const semesters = active.filter((s) => confirmedIds.has(s.id));
  if (semesters.length === 0) return { confirmed_semesters: [], lectures: [] };
  const semesterIds = semesters.map((s) => s.id);

  const divisions = await repo.divisionsOf(semesterIds);
  const divisionIds = divisions.map((d) => d.id);
  const divisionBatches = await repo.batchesOf(divisionIds);
  const records = (await repo.recordsOfSemesters(semesterIds)).filter((r) => r.status === 'confirmed');
  const timetable = await activeLecturesOf(db, divisionIds);
  const found = disagreeingLectures(
    timetable,
    records,
    new Map(divisionBatches.map((b) => [b.id, b.divisionId])),
  );
  const labels = semesters.map(semesterLabel);
  if (found.length === 0) return { confirmed_semesters: labels, lectures: [] };

  const batchNames = await lectureBatchNames(
    db,
    found.map((f) => f.lecture.id),
  );
  const teacherIds = [...new Set(found.flatMap((f) => [f.lecture.teacherId, ...f.allocatedTeacherIds]))];
  const teachers = new Map((await repo.teachersByIds(teacherIds)).map((t) => [t.teacherId, t]));
  const named = (id: number) => {
    const t = teachers.get(id);
    return {
      slug: t?.slug ?? '',
      name: t?.name ?? t?.code ?? 'Unknown teacher',
      teacher_code: t?.code ?? '',
    };
  };
  const subjects = new Map(
    (await createCatalogueRepository(db).offeredOfSemesters(semesterIds)).map((s) => [s.offeredId, s]),
  );
  const divisionById = new Map(divisions.map((d) => [d.id, d]));
  const semesterById = new Map(semesters.map((s) => [s.id, s]));
  const order = (f: (typeof found)[number]) => {
    const division = divisionById.get(f.lecture.divisionId)!;
    return [
      semesterIds.indexOf(division.semesterId),
      divisionIds.indexOf(division.id),
      WEEK_DAYS.indexOf(f.lecture.day),
    ];
  };
  found.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return (
      x[0]! - y[0]! ||
      x[1]! - y[1]! ||
      x[2]! - y[2]! ||
      a.lecture.startTime.localeCompare(b.lecture.startTime) ||
      a.lecture.id - b.lecture.id
    );
  });
  return {
    confirmed_semesters: labels,
    lectures: found.map(({ lecture, allocatedTeacherIds }) => {
      const division = divisionById.get(lecture.divisionId)!;
      const subject = subjects.get(lecture.offeredSubjectId);
      return {
        semester: semesterLabel(semesterById.get(division.semesterId)!),
        division: division.name,
        subject: {
          slug: subject?.offeredSlug ?? '',
          subject_name: subject?.subjectName ?? 'Unknown subject',
          subject_code: subject?.subjectCode ?? '',
        },
        day: lecture.day,
        start_time: shortTime(lecture.startTime),
        end_time: shortTime(lecture.endTime),
        type: lecture.type,
        // A theory lecture is for its whole division (its batch rows only say who attends).
        batches: lecture.type === 'theory' ? [] : (batchNames.get(lecture.id) ?? []),
        timetable_teacher: named(lecture.teacherId),
        allocated_teachers: allocatedTeacherIds.map(named),
      };
    }),
  };
}

/** The active weekly lectures of some divisions (inactive ones are kept only for their history). */
async function activeLecturesOf(db: Db, divisionIds: number[]): Promise<TimetableLecture[]> {
  if (divisionIds.length === 0) return [];
  return db
    .select({
      id: lectures.id,
      divisionId: timetables.divisionId,
      offeredSubjectId: lectures.offeredSubjectId,
      teacherId: lectures.teacherId,
      day: lectures.day,
      startTime: lectures.startTime,
      endTime: lectures.endTime,
      type: lectures.type,
    })
    .from(lectures)
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .where(and(inArray(timetables.divisionId, divisionIds), eq(lectures.isActive, true)));
}

/** The batch names of some lectures, in each division's batch order. */
async function lectureBatchNames(db: Db, lectureIds: number[]): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ lectureId: lectureBatches.lectureId, name: batches.name, ordering: batches.ordering })
    .from(lectureBatches)
    .innerJoin(batches, eq(batches.id, lectureBatches.batchId))
    .where(inArray(lectureBatches.lectureId, lectureIds));
  rows.sort((a, b) => a.ordering - b.ordering || a.name.localeCompare(b.name));
  const names = new Map<number, string[]>();
  for (const r of rows) names.set(r.lectureId, [...(names.get(r.lectureId) ?? []), r.name]);
  return names;
}
