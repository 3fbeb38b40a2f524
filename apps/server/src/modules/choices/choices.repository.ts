import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  electiveCategories,
  electiveCategorySubjects,
  offeredSubjects,
  profiles,
  semesters,
  students,
  subjectChoiceItems,
  subjectChoiceOptions,
  subjectChoices,
  teacherBranches,
  teachers,
} from '../../db/schema';

/** A choice record as the rules read it. */
export interface ChoiceRecord {
  id: number;
  slug: string;
  profileId: number;
  semesterId: number;
  kind: 'teacher' | 'student';
  choicesSaved: boolean;
  choicesLocked: boolean;
  reopenedAt: Date | null;
}

/** One picked subject of a record; `ordering` 1 is the first priority. */
export interface ChoiceItem {
  choiceId: number;
  offeredSubjectId: number;
  ordering: number;
}

const recordColumns = {
  id: subjectChoices.id,
  slug: subjectChoices.slug,
  profileId: subjectChoices.profileId,
  semesterId: subjectChoices.semesterId,
  kind: subjectChoices.kind,
  choicesSaved: subjectChoices.choicesSaved,
  choicesLocked: subjectChoices.choicesLocked,
  reopenedAt: subjectChoices.reopenedAt,
};

/**
 * Queries of the subject-choice lifecycle: offered subjects, elective categories, choice records
 * with their options and picks, and the people they belong to. No rules here; pass a transaction
 * as `db` to take part in it.
 */
export function createChoicesRepository(db: Db) {
  return {
    /** Claims a semester for locking: true when it was unlocked and is now locked (atomic). */
    async claimLock(semesterId: number, deadline: string): Promise<boolean> {
      const rows = await db
        .update(semesters)
        .set({ subjectsLocked: true, subjectChoiceDeadline: deadline, deadlineReminderSentOn: null })
        .where(and(eq(semesters.id, semesterId), eq(semesters.subjectsLocked, false)))
        .returning({ id: semesters.id });
      return rows.length === 1;
    },

    /** Unlocks a semester's selection: true when it was locked (atomic). */
    async releaseLock(semesterId: number): Promise<boolean> {
      const rows = await db
        .update(semesters)
        .set({ subjectsLocked: false })
        .where(and(eq(semesters.id, semesterId), eq(semesters.subjectsLocked, true)))
        .returning({ id: semesters.id });
      return rows.length === 1;
    },

    async setDeadline(semesterId: number, deadline: string): Promise<void> {
      await db
        .update(semesters)
        .set({ subjectChoiceDeadline: deadline, deadlineReminderSentOn: null })
        .where(eq(semesters.id, semesterId));
    },

    /** Marks today's reminder as sent: true for exactly one caller per semester and day. */
    async claimReminder(semesterId: number, today: string): Promise<boolean> {
      const rows = await db
        .update(semesters)
        .set({ deadlineReminderSentOn: today })
        .where(
          and(
            eq(semesters.id, semesterId),
            eq(semesters.subjectChoiceDeadline, today),
            sql`${semesters.deadlineReminderSentOn} is distinct from ${today}`,
          ),
        )
        .returning({ id: semesters.id });
      return rows.length === 1;
    },

    /** Locked semesters with a deadline whose reminder for that deadline has not been sent. */
    async semestersAwaitingReminder(): Promise<number[]> {
      const rows = await db
        .select({ id: semesters.id })
        .from(semesters)
        .where(
          and(
            eq(semesters.subjectsLocked, true),
            isNotNull(semesters.subjectChoiceDeadline),
            sql`${semesters.deadlineReminderSentOn} is distinct from ${semesters.subjectChoiceDeadline}`,
          ),
        );
      return rows.map((r) => r.id);
    },

    // Offered subjects and categories ------------------------------------------------------------

    async insertOffered(rows: (typeof offeredSubjects.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(offeredSubjects).values(rows);
    },

    async updateOffered(
      id: number,
      patch: { isElective?: boolean; isTechnical?: boolean; ordering?: number },
    ) {
      await db.update(offeredSubjects).set(patch).where(eq(offeredSubjects.id, id));
    },

    async deleteOffered(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(offeredSubjects).where(inArray(offeredSubjects.id, ids));
    },

    /**
     * Makes a semester's elective categories exactly `groups` (category name to offered ids),
     * keeping the slug of a category that stays.
     */
    async syncCategories(semesterId: number, groups: Map<string, number[]>): Promise<void> {
      const names = [...groups.keys()];
      await db
        .delete(electiveCategories)
        .where(
          names.length > 0
            ? and(
                eq(electiveCategories.semesterId, semesterId),
                notInArray(electiveCategories.category, names),
              )
            : eq(electiveCategories.semesterId, semesterId),
        );
      if (names.length === 0) return;
      await db
        .insert(electiveCategories)
        .values(names.map((category) => ({ semesterId, category })))
        .onConflictDoNothing();
      const cats = await db
        .select({ id: electiveCategories.id, category: electiveCategories.category })
        .from(electiveCategories)
        .where(eq(electiveCategories.semesterId, semesterId));
      const ids = cats.map((c) => c.id);
      await db.delete(electiveCategorySubjects).where(inArray(electiveCategorySubjects.categoryId, ids));
      const links = cats.flatMap((c) =>
        (groups.get(c.category) ?? []).map((offeredSubjectId) => ({ categoryId: c.id, offeredSubjectId })),
      );
      if (links.length > 0) await db.insert(electiveCategorySubjects).values(links);
    },

    // People -------------------------------------------------------------------------------------

    /** Active teachers of a branch: their profile ids. */
    async branchTeacherProfileIds(branchId: number): Promise<number[]> {
      const rows = await db
        .select({ id: profiles.id })
        .from(teacherBranches)
        .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(and(eq(teacherBranches.branchId, branchId), eq(profiles.isActive, true)))
        .orderBy(asc(profiles.id));
      return rows.map((r) => r.id);
    },

    /** Active students of a semester: their profile ids. */
    async semesterStudentProfileIds(semesterId: number): Promise<number[]> {
      const rows = await db
        .select({ id: profiles.id })
        .from(students)
        .innerJoin(profiles, eq(profiles.id, students.profileId))
        .where(and(eq(students.semesterId, semesterId), eq(profiles.isActive, true)))
        .orderBy(asc(profiles.id));
      return rows.map((r) => r.id);
    },

    /** Names, e-mails and role details of some people. */
    async people(profileIds: number[]) {
      if (profileIds.length === 0) return [];
      return db
        .select({
          profileId: profiles.id,
          name: profiles.name,
          email: profiles.email,
          role: profiles.role,
          teacherId: teachers.id,
          teacherSlug: teachers.slug,
          teacherCode: teachers.teacherCode,
          studentSlug: students.slug,
          enrollment: students.enrollment,
          srNo: students.srNo,
          studentSemesterId: students.semesterId,
        })
        .from(profiles)
        .leftJoin(teachers, eq(teachers.profileId, profiles.id))
        .leftJoin(students, eq(students.profileId, profiles.id))
        .where(inArray(profiles.id, profileIds));
    },

    /** Teachers of some branches, by name. */
    async teachersOfBranches(branchIds: number[]) {
      if (branchIds.length === 0) return [];
      return db
        .selectDistinct({
          teacherId: teachers.id,
          teacherSlug: teachers.slug,
          teacherCode: teachers.teacherCode,
          profileId: profiles.id,
          name: profiles.name,
          email: profiles.email,
        })
        .from(teacherBranches)
        .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(and(inArray(teacherBranches.branchId, branchIds), eq(profiles.isActive, true)))
        .orderBy(asc(profiles.name), asc(teachers.id));
    },

    /** A teacher of some branches by slug. */
    async teacherOfBranchesBySlug(branchIds: number[], slug: string) {
      if (branchIds.length === 0) return undefined;
      const [row] = await db
        .select({ teacherId: teachers.id, profileId: profiles.id, name: profiles.name })
        .from(teacherBranches)
        .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
        .innerJoin(profiles, eq(profiles.id, teachers.profileId))
        .where(and(inArray(teacherBranches.branchId, branchIds), eq(teachers.slug, slug)))
        .limit(1);
      return row;
    },

    /** The current semester of a student. */
    async studentSemesterId(profileId: number): Promise<number | null> {
      const [row] = await db
        .select({ semesterId: students.semesterId })
        .from(students)
        .where(eq(students.profileId, profileId))
        .limit(1);
      return row?.semesterId ?? null;
    },

    // Choice records ----------------------------------------------------------------------------

    async recordsOfSemesters(semesterIds: number[], kind?: 'teacher' | 'student'): Promise<ChoiceRecord[]> {
      if (semesterIds.length === 0) return [];
      return db
        .select(recordColumns)
        .from(subjectChoices)
        .where(
          and(
            inArray(subjectChoices.semesterId, semesterIds),
            kind ? eq(subjectChoices.kind, kind) : undefined,
          ),
        )
        .orderBy(asc(subjectChoices.id));
    },

    async recordsOfProfile(profileId: number, kind: 'teacher' | 'student'): Promise<ChoiceRecord[]> {
      return db
        .select(recordColumns)
        .from(subjectChoices)
        .where(and(eq(subjectChoices.profileId, profileId), eq(subjectChoices.kind, kind)))
        .orderBy(asc(subjectChoices.semesterId));
    },

    async recordsByIds(ids: number[]): Promise<ChoiceRecord[]> {
      if (ids.length === 0) return [];
      return db.select(recordColumns).from(subjectChoices).where(inArray(subjectChoices.id, ids));
    },

    async recordBySlug(slug: string): Promise<ChoiceRecord | undefined> {
      const [row] = await db
        .select(recordColumns)
        .from(subjectChoices)
        .where(eq(subjectChoices.slug, slug))
        .limit(1);
      return row;
    },

    /** Creates missing records (one per person and semester); existing ones are left alone. */
    async ensureRecords(
      semesterId: number,
      kind: 'teacher' | 'student',
      profileIds: number[],
    ): Promise<void> {
      if (profileIds.length === 0) return;
      await db
        .insert(subjectChoices)
        .values(profileIds.map((profileId) => ({ profileId, semesterId, kind })))
        .onConflictDoNothing();
    },

    async deleteRecords(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(subjectChoices).where(inArray(subjectChoices.id, ids));
    },

    async updateRecords(
      ids: number[],
      patch: Partial<
        Pick<typeof subjectChoices.$inferInsert, 'choicesSaved' | 'choicesLocked' | 'savedAt' | 'reopenedAt'>
      >,
    ): Promise<void> {
      if (ids.length > 0) await db.update(subjectChoices).set(patch).where(inArray(subjectChoices.id, ids));
    },

    async optionsOf(recordIds: number[]): Promise<{ choiceId: number; offeredSubjectId: number }[]> {
      if (recordIds.length === 0) return [];
      return db
        .select({
          choiceId: subjectChoiceOptions.choiceId,
          offeredSubjectId: subjectChoiceOptions.offeredSubjectId,
        })
        .from(subjectChoiceOptions)
        .where(inArray(subjectChoiceOptions.choiceId, recordIds));
    },

    /** Replaces every option of some records. */
    async replaceOptions(
      recordIds: number[],
      rows: { choiceId: number; offeredSubjectId: number }[],
    ): Promise<void> {
      if (recordIds.length === 0) return;
      await db.delete(subjectChoiceOptions).where(inArray(subjectChoiceOptions.choiceId, recordIds));
      if (rows.length > 0) await db.insert(subjectChoiceOptions).values(rows);
    },

    async removeOption(recordId: number, offeredSubjectId: number): Promise<void> {
      await db
        .delete(subjectChoiceOptions)
        .where(
          and(
            eq(subjectChoiceOptions.choiceId, recordId),
            eq(subjectChoiceOptions.offeredSubjectId, offeredSubjectId),
          ),
        );
    },

    async itemsOf(recordIds: number[]): Promise<ChoiceItem[]> {
      if (recordIds.length === 0) return [];
      return db
        .select({
          choiceId: subjectChoiceItems.choiceId,
          offeredSubjectId: subjectChoiceItems.offeredSubjectId,
          ordering: subjectChoiceItems.ordering,
        })
        .from(subjectChoiceItems)
        .where(inArray(subjectChoiceItems.choiceId, recordIds))
        .orderBy(asc(subjectChoiceItems.ordering));
    },

    /** Replaces every pick of some records. */
    async replaceItems(recordIds: number[], rows: ChoiceItem[]): Promise<void> {
      if (recordIds.length === 0) return;
      await db.delete(subjectChoiceItems).where(inArray(subjectChoiceItems.choiceId, recordIds));
      if (rows.length > 0) await db.insert(subjectChoiceItems).values(rows);
    },

    async deleteItems(rows: { choiceId: number; offeredSubjectId: number }[]): Promise<void> {
      for (const r of rows) {
        await db
          .delete(subjectChoiceItems)
          .where(
            and(
              eq(subjectChoiceItems.choiceId, r.choiceId),
              eq(subjectChoiceItems.offeredSubjectId, r.offeredSubjectId),
            ),
          );
      }
    },

    /** Every pick of some offered subjects, whoever made it. */
    async itemsOfOffered(offeredIds: number[]): Promise<ChoiceItem[]> {
      if (offeredIds.length === 0) return [];
      return db
        .select({
          choiceId: subjectChoiceItems.choiceId,
          offeredSubjectId: subjectChoiceItems.offeredSubjectId,
          ordering: subjectChoiceItems.ordering,
        })
        .from(subjectChoiceItems)
        .where(inArray(subjectChoiceItems.offeredSubjectId, offeredIds));
    },

    /** Saved records (of a kind) that picked one offered subject, with the pick's ordering. */
    async savedPicksOf(offeredSubjectId: number, kind: 'teacher' | 'student') {
      return db
        .select({ ...recordColumns, ordering: subjectChoiceItems.ordering })
        .from(subjectChoiceItems)
        .innerJoin(subjectChoices, eq(subjectChoices.id, subjectChoiceItems.choiceId))
        .where(
          and(
            eq(subjectChoiceItems.offeredSubjectId, offeredSubjectId),
            eq(subjectChoices.kind, kind),
            eq(subjectChoices.choicesSaved, true),
          ),
        )
        .orderBy(asc(subjectChoiceItems.ordering), asc(subjectChoices.id));
    },

    /** Who (saved, teachers) picked each of some offered subjects. */
    async teacherNamesByOffered(offeredIds: number[]) {
      if (offeredIds.length === 0) return [];
      return db
        .select({
          offeredSubjectId: subjectChoiceItems.offeredSubjectId,
          profileId: profiles.id,
          name: profiles.name,
        })
        .from(subjectChoiceItems)
        .innerJoin(subjectChoices, eq(subjectChoices.id, subjectChoiceItems.choiceId))
        .innerJoin(profiles, eq(profiles.id, subjectChoices.profileId))
        .where(
          and(
            inArray(subjectChoiceItems.offeredSubjectId, offeredIds),
            eq(subjectChoices.kind, 'teacher'),
            eq(subjectChoices.choicesSaved, true),
            isNotNull(profiles.name),
          ),
        )
        .orderBy(asc(subjectChoiceItems.ordering));
    },
  };
}

export type ChoicesRepository = ReturnType<typeof createChoicesRepository>;
