import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchesOfDivisions } from '../../db/queries/batches-of-divisions';
import {
  divisionStudents,
  divisions,
  institutions,
  offeredSubjectBatches,
  offeredSubjects,
  profiles,
  semesters,
  students,
  subjectChoiceItems,
  subjectChoices,
  teacherAllocations,
  teacherBranches,
  teachers,
} from '../../db/schema';

/** A stored allocation row: hours of one kind of one subject (for a division or batch) for a teacher. */
export interface AllocationRecord {
  teacherId: number;
  semesterId: number;
  offeredSubjectId: number;
  divisionId: number | null;
  batchId: number | null;
  kind: 'theory' | 'tutorial' | 'lab' | 'practical';
  hours: number;
  status: 'proposed' | 'confirmed';
}

/** A teacher who may be given load, with what the allocation needs to know about them. */
export interface TeacherRow {
  teacherId: number;
  slug: string;
  code: string;
  seniority: number | null;
  maxWeeklyHours: number | null;
  profileId: number;
  name: string | null;
  email: string;
}

const teacherColumns = {
  teacherId: teachers.id,
  slug: teachers.slug,
  code: teachers.teacherCode,
  seniority: teachers.seniority,
  maxWeeklyHours: teachers.maxWeeklyHours,
  profileId: profiles.id,
  name: profiles.name,
  email: profiles.email,
};

const recordColumns = {
  teacherId: teacherAllocations.teacherId,
  semesterId: teacherAllocations.semesterId,
  offeredSubjectId: teacherAllocations.offeredSubjectId,
  divisionId: teacherAllocations.divisionId,
  batchId: teacherAllocations.batchId,
  kind: teacherAllocations.kind,
  hours: teacherAllocations.hours,
  status: teacherAllocations.status,
};

/**
 * Queries of teacher load allocation: the divisions and batches that make teaching units, the
 * teachers with their ranked subjects and limits, and the stored allocation rows. No rules here;
 * pass a transaction as `db` to take part in it.
 */
export function createAllocationRepository(db: Db) {
  return {
    async defaultMaxHours(institutionId: number): Promise<number> {
      const [row] = await db
        .select({ hours: institutions.defaultTeacherMaxHours })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.hours ?? 18;
    },

    /** Which of some semesters have their allocation confirmed. */
    async confirmedSemesterIds(semesterIds: number[]): Promise<Set<number>> {
      if (semesterIds.length === 0) return new Set();
      const rows = await db
        .select({ id: semesters.id })
        .from(semesters)
        .where(and(inArray(semesters.id, semesterIds), eq(semesters.allocationConfirmed, true)));
      return new Set(rows.map((r) => r.id));
    },

    async setConfirmed(semesterIds: number[], confirmed: boolean): Promise<void> {
      if (semesterIds.length === 0) return;
      await db
        .update(semesters)
        .set({ allocationConfirmed: confirmed })
        .where(inArray(semesters.id, semesterIds));
    },

    async divisionsOf(semesterIds: number[]) {
      if (semesterIds.length === 0) return [];
      return db
        .select({
          id: divisions.id,
          slug: divisions.slug,
          name: divisions.name,
          semesterId: divisions.semesterId,
        })
        .from(divisions)
        .where(inArray(divisions.semesterId, semesterIds))
        .orderBy(asc(divisions.semesterId), asc(divisions.ordering), asc(divisions.name));
    },

    batchesOf(divisionIds: number[]) {
      return batchesOfDivisions(db, divisionIds);
    },

    /** Which batches take which subjects (set by division planning and the timetable). */
    async subjectBatchLinks(batchIds: number[]) {
      if (batchIds.length === 0) return [];
      return db
        .select({
          offeredSubjectId: offeredSubjectBatches.offeredSubjectId,
          batchId: offeredSubjectBatches.batchId,
        })
        .from(offeredSubjectBatches)
        .where(inArray(offeredSubjectBatches.batchId, batchIds));
    },

    /** The subjects students of each division saved as their electives. */
    async electivesByDivision(divisionIds: number[]) {
      if (divisionIds.length === 0) return [];
      return db
        .selectDistinct({
          divisionId: divisionStudents.divisionId,
          offeredSubjectId: subjectChoiceItems.offeredSubjectId,
        })
        .from(divisionStudents)
        .innerJoin(students, eq(students.id, divisionStudents.studentId))
        .innerJoin(
          subjectChoices,
          and(
            eq(subjectChoices.profileId, students.profileId),
            eq(subjectChoices.semesterId, divisionStudents.semesterId),
            eq(subjectChoices.kind, 'student'),
            eq(subjectChoices.choicesSaved, true),
          ),
        )
        .innerJoin(subjectChoiceItems, eq(subjectChoiceItems.choiceId, subjectChoices.id))
        .where(inArray(divisionStudents.divisionId, divisionIds));
    },

    /** Active teachers of some branches. */
    async teachersOfBranches(institutionId: number, branchIds: number[]): Promise<TeacherRow[]> {
      if (branchIds.length === 0) return [];
      return db
        .selectDistinct(teacherColumns)
        .from(teacherBranches)
        .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(
          and(
            inArray(teacherBranches.branchId, branchIds),
            eq(teachers.institutionId, institutionId),
            eq(profiles.isActive, true),
          ),
        );
    },

    /** Active teachers of an institution who saved any of some subjects (e.g. from other branches). */
    async teachersWhoRanked(institutionId: number, offeredIds: number[]): Promise<TeacherRow[]> {
      if (offeredIds.length === 0) return [];
      return db
        .selectDistinct(teacherColumns)
        .from(subjectChoiceItems)
        .innerJoin(subjectChoices, eq(subjectChoices.id, subjectChoiceItems.choiceId))
        .innerJoin(profiles, eq(profiles.id, subjectChoices.profileId))
        .innerJoin(teachers, eq(teachers.profileId, profiles.id))
        .where(
          and(
            inArray(subjectChoiceItems.offeredSubjectId, offeredIds),
            eq(subjectChoices.kind, 'teacher'),
            eq(subjectChoices.choicesSaved, true),
            eq(teachers.institutionId, institutionId),
            eq(profiles.isActive, true),
          ),
        );
    },

    async teacherByProfile(profileId: number): Promise<TeacherRow | undefined> {
      const [row] = await db
        .select(teacherColumns)
        .from(teachers)
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(eq(teachers.profileId, profileId))
        .limit(1);
      return row;
    },

    async teachersByIds(ids: number[]): Promise<TeacherRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(teacherColumns)
        .from(teachers)
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(inArray(teachers.id, ids));
    },

    /**
     * Saved teacher picks of some people for some semesters: offered subject and priority (1 = most
     * wanted). Only the planned semesters' picks count: older ones would shift the ranks.
     */
    async savedTeacherPicks(profileIds: number[], semesterIds: number[]) {
      if (profileIds.length === 0 || semesterIds.length === 0) return [];
      return db
        .select({
          profileId: subjectChoices.profileId,
          semesterId: subjectChoices.semesterId,
          offeredSubjectId: subjectChoiceItems.offeredSubjectId,
          offeredSlug: offeredSubjects.slug,
          ordering: subjectChoiceItems.ordering,
        })
        .from(subjectChoiceItems)
        .innerJoin(subjectChoices, eq(subjectChoices.id, subjectChoiceItems.choiceId))
        .innerJoin(offeredSubjects, eq(offeredSubjects.id, subjectChoiceItems.offeredSubjectId))
        .where(
          and(
            inArray(subjectChoices.profileId, profileIds),
            inArray(subjectChoices.semesterId, semesterIds),
            eq(subjectChoices.kind, 'teacher'),
            eq(subjectChoices.choicesSaved, true),
          ),
        )
        .orderBy(asc(subjectChoiceItems.ordering), asc(subjectChoices.semesterId));
    },

    async setTeacherMax(teacherId: number, hours: number | null): Promise<void> {
      await db.update(teachers).set({ maxWeeklyHours: hours }).where(eq(teachers.id, teacherId));
    },

    /** Stored rows of some semesters. */
    /** Which of some semesters have allocation rows (proposed or confirmed). */
    async semestersWithRecords(semesterIds: number[]): Promise<Set<number>> {
      if (semesterIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ semesterId: teacherAllocations.semesterId })
        .from(teacherAllocations)
        .where(inArray(teacherAllocations.semesterId, semesterIds));
      return new Set(rows.map((r) => r.semesterId));
    },

    async recordsOfSemesters(semesterIds: number[]): Promise<AllocationRecord[]> {
      if (semesterIds.length === 0) return [];
      return db
        .select(recordColumns)
        .from(teacherAllocations)
        .where(inArray(teacherAllocations.semesterId, semesterIds))
        .orderBy(asc(teacherAllocations.id));
    },

    /**
     * Confirmed rows of some teachers in active semesters other than `exceptSemesterIds`: the load
     * they already carry elsewhere (another branch's allocation).
     */
    async confirmedElsewhere(teacherIds: number[], exceptSemesterIds: number[]) {
      if (teacherIds.length === 0) return [];
      return db
        .select({ teacherId: teacherAllocations.teacherId, hours: teacherAllocations.hours })
        .from(teacherAllocations)
        .innerJoin(semesters, eq(semesters.id, teacherAllocations.semesterId))
        .where(
          and(
            inArray(teacherAllocations.teacherId, teacherIds),
            eq(teacherAllocations.status, 'confirmed'),
            eq(semesters.isActive, true),
            eq(semesters.allocationConfirmed, true),
            exceptSemesterIds.length > 0
              ? notInArray(teacherAllocations.semesterId, exceptSemesterIds)
              : undefined,
          ),
        );
    },

    /** Confirmed rows in active, confirmed semesters of some teachers, or of some subjects. */
    async confirmedRows(where: {
      teacherIds?: number[];
      offeredIds?: number[];
    }): Promise<AllocationRecord[]> {
      const filter = where.teacherIds
        ? inArray(teacherAllocations.teacherId, where.teacherIds)
        : inArray(teacherAllocations.offeredSubjectId, where.offeredIds ?? []);
      if ((where.teacherIds ?? where.offeredIds ?? []).length === 0) return [];
      return db
        .select(recordColumns)
        .from(teacherAllocations)
        .innerJoin(semesters, eq(semesters.id, teacherAllocations.semesterId))
        .where(
          and(
            filter,
            eq(teacherAllocations.status, 'confirmed'),
            eq(semesters.isActive, true),
            eq(semesters.allocationConfirmed, true),
          ),
        )
        .orderBy(asc(teacherAllocations.id));
    },

    /** Semesters holding proposed rows of a teacher. */
    async semestersWithProposalsOf(teacherId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: teacherAllocations.semesterId })
        .from(teacherAllocations)
        .where(and(eq(teacherAllocations.teacherId, teacherId), eq(teacherAllocations.status, 'proposed')));
      return rows.map((r) => r.id);
    },

    async deleteRows(semesterIds: number[], status?: 'proposed' | 'confirmed'): Promise<void> {
      if (semesterIds.length === 0) return;
      await db
        .delete(teacherAllocations)
        .where(
          and(
            inArray(teacherAllocations.semesterId, semesterIds),
            status ? eq(teacherAllocations.status, status) : undefined,
          ),
        );
    },

    async insertRows(rows: AllocationRecord[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(teacherAllocations).values(rows);
    },
  };
}

export type AllocationRepository = ReturnType<typeof createAllocationRepository>;
