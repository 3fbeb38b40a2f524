import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchesOfDivisions } from '../../db/queries/batches-of-divisions';
import {
  batchStudents,
  batches,
  divisionStudents,
  divisions,
  offeredSubjectBatches,
  offeredSubjects,
  profiles,
  semesters,
  students,
  subjectChoiceItems,
  subjectChoices,
  timetables,
} from '../../db/schema';

/** A student of a semester as division planning reads them. */
export interface StudentRow {
  studentId: number;
  slug: string;
  enrollment: string;
  srNo: string | null;
  profileId: number;
  name: string | null;
  email: string;
}

const studentColumns = {
  studentId: students.id,
  slug: students.slug,
  enrollment: students.enrollment,
  srNo: students.srNo,
  profileId: profiles.id,
  name: profiles.name,
  email: profiles.email,
};

/** A stored batch with its members, in display order. */
export interface StoredBatch {
  id: number;
  divisionId: number;
  name: string;
  kind: 'core' | 'elective';
  offeredSubjectId: number | null;
  students: StudentRow[];
}

/** A stored division with its students and batches, in display order. */
export interface StoredDivision {
  id: number;
  slug: string;
  semesterId: number;
  name: string;
  students: StudentRow[];
  batches: StoredBatch[];
}

/** One batch to store: its members and the offered subjects whose practicals it takes. */
export interface BatchRowsInput {
  name: string;
  kind: 'core' | 'elective';
  offeredSubjectId: number | null;
  studentIds: number[];
  subjectIds: number[];
}

/** One division to store with its members and batches. */
export interface DivisionRowsInput {
  name: string;
  studentIds: number[];
  batches: BatchRowsInput[];
}

/**
 * Queries of division creation: a semester's students and their finalised electives, stored
 * divisions with batches and members, and the writes that create them. No rules here; pass a
 * transaction as `db` to take part in it.
 */
export function createDivisionsRepository(db: Db) {
  return {
    /** Active students of a semester, by enrolment. */
    async studentsOfSemester(semesterId: number): Promise<StudentRow[]> {
      return db
        .select(studentColumns)
        .from(students)
        .innerJoin(profiles, eq(profiles.id, students.profileId))
        .where(and(eq(students.semesterId, semesterId), eq(profiles.isActive, true)))
        .orderBy(asc(students.enrollment), asc(students.id));
    },

    /** Student choice records of a semester: who saved, and which subjects each record picked. */
    async studentChoices(semesterId: number) {
      const records = await db
        .select({
          id: subjectChoices.id,
          profileId: subjectChoices.profileId,
          saved: subjectChoices.choicesSaved,
        })
        .from(subjectChoices)
        .where(and(eq(subjectChoices.semesterId, semesterId), eq(subjectChoices.kind, 'student')));
      const items =
        records.length === 0
          ? []
          : await db
              .select({
                choiceId: subjectChoiceItems.choiceId,
                offeredSubjectId: subjectChoiceItems.offeredSubjectId,
              })
              .from(subjectChoiceItems)
              .innerJoin(offeredSubjects, eq(offeredSubjects.id, subjectChoiceItems.offeredSubjectId))
              .where(
                and(
                  inArray(
                    subjectChoiceItems.choiceId,
                    records.map((r) => r.id),
                  ),
                  eq(offeredSubjects.semesterId, semesterId),
                ),
              );
      return { records, items };
    },

    /** The divisions of some semesters (or one division), with members and batches. */
    async storedDivisions(
      filter: { semesterId: number } | { divisionId: number },
    ): Promise<StoredDivision[]> {
      const rows = await db
        .select({
          id: divisions.id,
          slug: divisions.slug,
          semesterId: divisions.semesterId,
          name: divisions.name,
        })
        .from(divisions)
        .where(
          'semesterId' in filter
            ? eq(divisions.semesterId, filter.semesterId)
            : eq(divisions.id, filter.divisionId),
        )
        .orderBy(asc(divisions.ordering), asc(divisions.name));
      if (rows.length === 0) return [];
      const divisionIds = rows.map((d) => d.id);
      const members = await db
        .select({ divisionId: divisionStudents.divisionId, ...studentColumns })
        .from(divisionStudents)
        .innerJoin(students, eq(students.id, divisionStudents.studentId))
        .innerJoin(profiles, eq(profiles.id, students.profileId))
        .where(inArray(divisionStudents.divisionId, divisionIds))
        .orderBy(asc(students.enrollment), asc(students.id));
      const batchRows = await batchesOfDivisions(db, divisionIds);
      const batchMembers =
        batchRows.length === 0
          ? []
          : await db
              .select({ batchId: batchStudents.batchId, ...studentColumns })
              .from(batchStudents)
              .innerJoin(students, eq(students.id, batchStudents.studentId))
              .innerJoin(profiles, eq(profiles.id, students.profileId))
              .where(
                inArray(
                  batchStudents.batchId,
                  batchRows.map((b) => b.id),
                ),
              )
              .orderBy(asc(students.enrollment), asc(students.id));
      return rows.map((d) => ({
        ...d,
        students: members.filter((m) => m.divisionId === d.id).map(({ divisionId: _d, ...s }) => s),
        batches: batchRows
          .filter((b) => b.divisionId === d.id)
          .map((b) => ({
            ...b,
            students: batchMembers.filter((m) => m.batchId === b.id).map(({ batchId: _b, ...s }) => s),
          })),
      }));
    },

    /** The division a student sits in for their current semester, if any. */
    async divisionOfStudentProfile(profileId: number): Promise<number | null> {
      const [row] = await db
        .select({ divisionId: divisionStudents.divisionId })
        .from(students)
        .innerJoin(
          divisionStudents,
          and(
            eq(divisionStudents.studentId, students.id),
            eq(divisionStudents.semesterId, students.semesterId),
          ),
        )
        .where(eq(students.profileId, profileId))
        .limit(1);
      return row?.divisionId ?? null;
    },

    /**
     * Marks a semester's divisions as created unless they already are; false when another confirm
     * got there first. Inside a transaction the row stays locked until it ends, so two confirms of
     * one semester run one after the other.
     */
    async claimDivisionCreation(semesterId: number): Promise<boolean> {
      const rows = await db
        .update(semesters)
        .set({ divisionsCreated: true })
        .where(and(eq(semesters.id, semesterId), eq(semesters.divisionsCreated, false)))
        .returning({ id: semesters.id });
      return rows.length > 0;
    },

    /**
     * Stores divisions with their members, batches with theirs, which batches take which offered
     * subject, and an empty timetable per division. Returns the new division ids in order.
     */
    async insertDivisions(semesterId: number, input: DivisionRowsInput[]): Promise<number[]> {
      if (input.length === 0) return [];
      const created = await db
        .insert(divisions)
        .values(input.map((d, ordering) => ({ semesterId, name: d.name, ordering })))
        .returning({ id: divisions.id, name: divisions.name });
      const idOf = new Map(created.map((d) => [d.name, d.id]));
      const divisionIds = input.map((d) => idOf.get(d.name)!);
      const members = input.flatMap((d, i) =>
        d.studentIds.map((studentId) => ({ semesterId, divisionId: divisionIds[i]!, studentId })),
      );
      if (members.length > 0) await db.insert(divisionStudents).values(members);
      await db.insert(timetables).values(divisionIds.map((divisionId) => ({ divisionId })));

      const batchInput = input.flatMap((d, i) =>
        d.batches.map((b, ordering) => ({ ...b, ordering, divisionId: divisionIds[i]! })),
      );
      if (batchInput.length === 0) return divisionIds;
      const batchRows = await db
        .insert(batches)
        .values(
          batchInput.map((b) => ({
            divisionId: b.divisionId,
            name: b.name,
            kind: b.kind,
            offeredSubjectId: b.offeredSubjectId,
            ordering: b.ordering,
          })),
        )
        .returning({ id: batches.id, divisionId: batches.divisionId, name: batches.name });
      const batchIdOf = new Map(batchRows.map((b) => [`${b.divisionId}:${b.name}`, b.id]));
      const withIds = batchInput.map((b) => ({ ...b, id: batchIdOf.get(`${b.divisionId}:${b.name}`)! }));
      const batchMembers = withIds.flatMap((b) =>
        b.studentIds.map((studentId) => ({ batchId: b.id, studentId })),
      );
      if (batchMembers.length > 0) await db.insert(batchStudents).values(batchMembers);
      const links = withIds.flatMap((b) =>
        b.subjectIds.map((offeredSubjectId) => ({ offeredSubjectId, batchId: b.id })),
      );
      if (links.length > 0) await db.insert(offeredSubjectBatches).values(links);
      return divisionIds;
    },
  };
}

export type DivisionsRepository = ReturnType<typeof createDivisionsRepository>;
