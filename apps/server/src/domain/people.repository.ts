import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  adminBranches,
  batchStudents,
  branches,
  institutions,
  profiles,
  students,
  teacherBranches,
  teachers,
} from '../db/schema';

/** Who someone is in an institution: their teacher or student row, branches, batches and zone. */
export function createPeopleRepository(db: DbOrTx) {
  return {
    async institutionTimezone(institutionId: number): Promise<string> {
      const [row] = await db
        .select({ tz: institutions.timezone })
        .from(institutions)
        .where(eq(institutions.id, institutionId));
      return row?.tz ?? 'Asia/Kolkata';
    },

    /**
     * The branches an admin administers: every branch of the institution for an institution admin
     * (present and future ones), else the branches assigned to them.
     */
    async adminBranchIds(profileId: number, institutionId: number): Promise<number[]> {
      const assigned = db
        .select({ id: adminBranches.branchId })
        .from(adminBranches)
        .where(eq(adminBranches.profileId, profileId));
      const wholeInstitution = db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            eq(profiles.id, profileId),
            eq(profiles.institutionId, institutionId),
            eq(profiles.role, 'admin'),
            eq(profiles.institutionAdmin, true),
          ),
        );
      const rows = await db
        .select({ id: branches.id })
        .from(branches)
        .where(
          and(
            eq(branches.institutionId, institutionId),
            or(exists(wholeInstitution), inArray(branches.id, assigned)),
          ),
        )
        .orderBy(branches.id);
      return rows.map((r) => r.id);
    },

    async teacherOfProfile(profileId: number) {
      const [row] = await db
        .select({ id: teachers.id, code: teachers.teacherCode, institutionId: teachers.institutionId })
        .from(teachers)
        .where(eq(teachers.profileId, profileId));
      return row;
    },

    async teacherBranchIds(teacherId: number): Promise<number[]> {
      const rows = await db
        .select({ id: teacherBranches.branchId })
        .from(teacherBranches)
        .where(eq(teacherBranches.teacherId, teacherId));
      return rows.map((r) => r.id);
    },

    async studentOfProfile(profileId: number) {
      const [row] = await db
        .select({ id: students.id, slug: students.slug, institutionId: students.institutionId })
        .from(students)
        .where(eq(students.profileId, profileId));
      return row;
    },

    async batchIdsOfStudent(studentId: number): Promise<number[]> {
      const rows = await db
        .select({ id: batchStudents.batchId })
        .from(batchStudents)
        .where(eq(batchStudents.studentId, studentId));
      return rows.map((r) => r.id);
    },

    /** A profile by its sign-in email, compared as sign-in does (trimmed, any case). */
    async profileIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row?.id;
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
