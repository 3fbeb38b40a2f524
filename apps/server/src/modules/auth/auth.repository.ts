import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  adminBranches,
  authChallenges,
  branches,
  profiles,
  refreshTokens,
  students,
  teacherBranches,
  teachers,
} from '../../db/schema';
import type { TokenObj } from '../../lib/tokens';

export type ProfileRow = typeof profiles.$inferSelect;
export type ChallengePurpose = (typeof authChallenges.$inferSelect)['purpose'];

/** Queries of the auth module; no rules here. */
export function createAuthRepository(db: Db) {
  async function firstBranch(kind: 'admin' | 'teacher', ownerId: number) {
    const rows =
      kind === 'admin'
        ? await db
            .select({ name: branches.name, slug: branches.slug, code: branches.code })
            .from(adminBranches)
            .innerJoin(branches, eq(branches.id, adminBranches.branchId))
            .where(eq(adminBranches.profileId, ownerId))
            .orderBy(asc(adminBranches.ordering), asc(branches.id))
            .limit(1)
        : await db
            .select({ name: branches.name, slug: branches.slug, code: branches.code })
            .from(teacherBranches)
            .innerJoin(branches, eq(branches.id, teacherBranches.branchId))
            .where(eq(teacherBranches.teacherId, ownerId))
            .orderBy(asc(teacherBranches.ordering), asc(branches.id))
            .limit(1);
    const b = rows[0];
    return b ? { branch_name: b.name, slug: b.slug, branch_code: b.code } : undefined;
  }

  async function firstBranchOfInstitution(institutionId: number) {
    const [b] = await db
      .select({ name: branches.name, slug: branches.slug, code: branches.code })
      .from(branches)
      .where(eq(branches.institutionId, institutionId))
      .orderBy(asc(branches.id))
      .limit(1);
    return b ? { branch_name: b.name, slug: b.slug, branch_code: b.code } : undefined;
  }

  return {
    async findProfileByEmail(email: string): Promise<ProfileRow | undefined> {
      const [row] = await db
        .select()
        .from(profiles)
        .where(sql`lower(${profiles.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return row;
    },

    async findProfileById(id: number): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    async findProfileBySlug(slug: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.slug, slug)).limit(1);
      return row;
    },

    /** The `obj` claim for a profile, shaped per role as the original clients read it. */
    async tokenObj(p: ProfileRow): Promise<TokenObj> {
      const profile = { name: p.name, email: p.email, role: p.role };
      if (p.role === 'admin') {
        // An institution admin with no branch of their own names the institution's first one; a
        // new institution has none yet, and its first admin signs in all the same (to set it up).
        const branch =
          (await firstBranch('admin', p.id)) ??
          (p.institutionAdmin ? await firstBranchOfInstitution(p.institutionId) : undefined);
        return { id: p.id, profile, ...(branch ? { branch } : {}) };
      }
      if (p.role === 'teacher') {
        const [t] = await db.select().from(teachers).where(eq(teachers.profileId, p.id)).limit(1);
        if (!t) return { profile };
        const branch = await firstBranch('teacher', t.id);
        return { slug: t.slug, profile, teacher_code: t.teacherCode, ...(branch ? { branch } : {}) };
      }
      const [s] = await db
        .select({
          slug: students.slug,
          enrollment: students.enrollment,
          srNo: students.srNo,
          name: branches.name,
          bslug: branches.slug,
          code: branches.code,
        })
        .from(students)
        .innerJoin(branches, eq(branches.id, students.branchId))
        .where(eq(students.profileId, p.id))
        .limit(1);
      if (!s) return { profile };
      return {
        slug: s.slug,
        profile,
        // Clients require a text serial number; people added by an admin or an import have none yet.
        sr_no: s.srNo ?? '',
        enrollment: s.enrollment,
        branch: { branch_name: s.name, slug: s.bslug, branch_code: s.code },
      };
    },

    async bindStudentDevice(profileId: number, deviceId: string): Promise<void> {
      const [owner] = await db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.deviceId, deviceId))
        .limit(1);
      if (owner) return;
      await db
        .update(students)
        .set({ deviceId })
        .where(and(eq(students.profileId, profileId), isNull(students.deviceId)));
    },

    async touchLastLogin(profileId: number, at: Date) {
      await db.update(profiles).set({ lastLoginAt: at }).where(eq(profiles.id, profileId));
    },

    async insertRefreshToken(row: typeof refreshTokens.$inferInsert) {
      await db.insert(refreshTokens).values(row);
    },

    async findRefreshToken(jti: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti)).limit(1);
      return row;
    },

    /** Marks a token as used by rotation; false when it had already been used or revoked (a race or a replay). */
    async markRefreshReplaced(jti: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ replacedAt: at })
        .where(
          and(eq(refreshTokens.jti, jti), isNull(refreshTokens.replacedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async insertChallenge(row: typeof authChallenges.$inferInsert) {
      await db.insert(authChallenges).values(row);
    },

    /** A challenge by the hash of its secret, if it is of one of the given purposes. */
    async findChallenge(secretHash: string, purposes: readonly ChallengePurpose[]) {
      const [row] = await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.secretHash, secretHash), inArray(authChallenges.purpose, purposes)))
        .limit(1);
      return row;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
