import { and, asc, eq, exists, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  batches,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  divisions,
  instantLectureBatches,
  instantLectureDivisions,
  instantLectures,
  institutions,
  lectures,
  offeredSubjects,
  semesters,
  streams,
  timetables,
} from '../../db/schema';

/** What a new instant lecture stores (its session is created beside it). */
export interface NewInstantLecture {
  semesterId: number;
  teacherId: number;
  offeredSubjectId: number | null;
  title: string | null;
  classroomId: number | null;
  day: string;
  startTime: string;
  endTime: string;
  divisionIds: number[];
  batchIds: number[];
}

/** The pickers' queries and the instant lecture insert; the rules are in the service. */
export function createInstantLecturesModuleRepository(db: DbOrTx) {
  return {
    async branchesByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: branches.id, slug: branches.slug, name: branches.name })
        .from(branches)
        .where(inArray(branches.id, ids))
        .orderBy(asc(branches.name), asc(branches.id));
    },

    /** Active semesters of a branch that have divisions (an instant lecture needs one). */
    activeSemestersWithDivisions(branchId: number, institutionId: number) {
      const hasDivision = db
        .select({ id: divisions.id })
        .from(divisions)
        .where(eq(divisions.semesterId, semesters.id));
      return db
        .select({ id: semesters.id, slug: semesters.slug, no: semesters.no })
        .from(semesters)
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .where(
          and(
            eq(streams.branchId, branchId),
            eq(semesters.institutionId, institutionId),
            eq(semesters.isActive, true),
            exists(hasDivision),
          ),
        )
        .orderBy(asc(semesters.no), asc(semesters.id));
    },

    divisionsOfSemester(semesterId: number) {
      return db
        .select({ id: divisions.id, slug: divisions.slug, name: divisions.name })
        .from(divisions)
        .where(eq(divisions.semesterId, semesterId))
        .orderBy(asc(divisions.ordering), asc(divisions.name));
    },

    /** The semester's offered subjects the teacher has a timetable lecture of. */
    teacherSubjectsOfSemester(teacherId: number, semesterId: number) {
      const taught = db
        .select({ id: lectures.offeredSubjectId })
        .from(lectures)
        .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
        .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
        .where(and(eq(lectures.teacherId, teacherId), eq(divisions.semesterId, semesterId)));
      return db
        .select({
          id: offeredSubjects.id,
          slug: offeredSubjects.slug,
          name: catalogueSubjects.subjectName,
          code: catalogueSubjects.subjectCode,
        })
        .from(offeredSubjects)
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .where(and(eq(offeredSubjects.semesterId, semesterId), inArray(offeredSubjects.id, taught)))
        .orderBy(asc(catalogueSubjects.subjectName), asc(offeredSubjects.id));
    },

    /** A division of an institution, with the branch its semester belongs to. */
    async divisionBySlug(slug: string, institutionId: number) {
      const [row] = await db
        .select({ id: divisions.id, semesterId: divisions.semesterId, branchId: streams.branchId })
        .from(divisions)
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .where(and(eq(divisions.slug, slug), eq(semesters.institutionId, institutionId)));
      return row;
    },

    batchesOfDivisions(divisionIds: number[]) {
      if (divisionIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: batches.id, slug: batches.slug, name: batches.name, divisionId: batches.divisionId })
        .from(batches)
        .where(inArray(batches.divisionId, divisionIds))
        .orderBy(asc(batches.ordering), asc(batches.name));
    },

    /** A classroom of the institution used by one of the branches. */
    async classroomOfBranches(slug: string, institutionId: number, branchIds: number[]) {
      if (branchIds.length === 0) return undefined;
      const usedByBranch = db
        .select({ id: classroomBranches.classroomId })
        .from(classroomBranches)
        .where(
          and(
            eq(classroomBranches.classroomId, classrooms.id),
            inArray(classroomBranches.branchId, branchIds),
          ),
        );
      const [row] = await db
        .select({ id: classrooms.id })
        .from(classrooms)
        .where(
          and(eq(classrooms.slug, slug), eq(classrooms.institutionId, institutionId), exists(usedByBranch)),
        );
      return row;
    },

    async hasCampusPoint(institutionId: number): Promise<boolean> {
      const [row] = await db
        .select({ lat: institutions.campusLatitude, lon: institutions.campusLongitude })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row !== undefined && row.lat !== null && row.lon !== null;
    },

    /** Stores an instant lecture with its divisions and batches; answers its id and slug. */
    async insertInstantLecture(lecture: NewInstantLecture): Promise<{ id: number; slug: string }> {
      const [row] = await db
        .insert(instantLectures)
        .values({
          semesterId: lecture.semesterId,
          teacherId: lecture.teacherId,
          offeredSubjectId: lecture.offeredSubjectId,
          title: lecture.title,
          classroomId: lecture.classroomId,
          day: lecture.day,
          startTime: lecture.startTime,
          endTime: lecture.endTime,
        })
        .returning({ id: instantLectures.id, slug: instantLectures.slug });
      const created = row!;
      await db
        .insert(instantLectureDivisions)
        .values(lecture.divisionIds.map((divisionId) => ({ instantLectureId: created.id, divisionId })));
      if (lecture.batchIds.length > 0) {
        await db
          .insert(instantLectureBatches)
          .values(lecture.batchIds.map((batchId) => ({ instantLectureId: created.id, batchId })));
      }
      return created;
    },
  };
}
