import { and, asc, count, eq, exists, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PersonRole, PersonStatus } from '@rollbook/contract';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern, foldedContains } from '../../db/queries/search-fold';
import {
  branches,
  divisionStudents,
  profiles,
  semesters,
  streams,
  students,
  teacherBranches,
  teachers,
} from '../../db/schema';

/** Which people a caller manages: one institution, some of its branches. */
export interface PeopleScope {
  institutionId: number;
  branchIds: readonly number[];
}

export interface PeopleFilter {
  search?: string | undefined;
  role?: PersonRole | undefined;
  status?: PersonStatus | undefined;
}

/** A person row as the service reads it: profile, teacher or student columns, stream and semester. */
const personColumns = {
  id: profiles.id,
  slug: profiles.slug,
  role: profiles.role,
  name: profiles.name,
  email: profiles.email,
  isActive: profiles.isActive,
  invitedAt: profiles.invitedAt,
  lastLoginAt: profiles.lastLoginAt,
  tokenVersion: profiles.tokenVersion,
  teacherId: teachers.id,
  teacherCode: teachers.teacherCode,
  studentId: students.id,
  enrollment: students.enrollment,
  studentBranchId: students.branchId,
  studentStreamId: students.streamId,
  studentSemesterId: students.semesterId,
  streamSlug: streams.slug,
  streamTitle: streams.title,
  streamCode: streams.streamCode,
  semesterSlug: semesters.slug,
  semesterNo: semesters.no,
  semesterYear: semesters.academicYear,
};

/** Queries of the people module; no rules here. */
export function createPeopleAdminRepository(db: Db) {
  /** Teachers who teach in one of the scope's branches, and students of those branches. */
  function inScope(scope: PeopleScope): SQL | undefined {
    if (scope.branchIds.length === 0) return sql`false`;
    const teachesThere = exists(
      db
        .select({ one: sql`1` })
        .from(teacherBranches)
        .where(
          and(
            eq(teacherBranches.teacherId, teachers.id),
            inArray(teacherBranches.branchId, [...scope.branchIds]),
          ),
        ),
    );
    return and(
      eq(profiles.institutionId, scope.institutionId),
      or(
        and(eq(profiles.role, 'teacher'), teachesThere),
        and(eq(profiles.role, 'student'), inArray(students.branchId, [...scope.branchIds])),
      ),
    );
  }

  function filtered(scope: PeopleScope, filter: PeopleFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [inScope(scope)];
    if (filter.role) conditions.push(eq(profiles.role, filter.role));
    if (filter.status === 'active') conditions.push(eq(profiles.isActive, true));
    if (filter.status === 'inactive') conditions.push(eq(profiles.isActive, false));
    if (filter.status === 'not_signed_in')
      conditions.push(and(eq(profiles.isActive, true), isNull(profiles.lastLoginAt)));
    if (filter.search) {
      // Names and addresses folded (accents, apostrophes: "jose" finds "José", "oneil" "O'Neil");
      // codes as typed, case aside.
      const pattern = containsPattern(filter.search);
      conditions.push(
        or(
          foldedContains(profiles.name, filter.search) ?? ilike(profiles.name, pattern),
          foldedContains(profiles.email, filter.search) ?? ilike(profiles.email, pattern),
          ilike(students.enrollment, pattern),
          ilike(teachers.teacherCode, pattern),
        ),
      );
    }
    return and(...conditions);
  }

  function joined() {
    return db
      .select(personColumns)
      .from(profiles)
      .leftJoin(teachers, eq(teachers.profileId, profiles.id))
      .leftJoin(students, eq(students.profileId, profiles.id))
      .leftJoin(streams, eq(streams.id, students.streamId))
      .leftJoin(semesters, eq(semesters.id, students.semesterId));
  }

  return {
    /** One page of people, by name then id. */
    async page(scope: PeopleScope, filter: PeopleFilter, paging: { limit: number; offset: number }) {
      return joined()
        .where(filtered(scope, filter))
        .orderBy(sql`lower(coalesce(${profiles.name}, ${profiles.email}))`, asc(profiles.id))
        .limit(paging.limit)
        .offset(paging.offset);
    },

    async count(scope: PeopleScope, filter: PeopleFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(profiles)
        .leftJoin(teachers, eq(teachers.profileId, profiles.id))
        .leftJoin(students, eq(students.profileId, profiles.id))
        .where(filtered(scope, filter));
      return row?.n ?? 0;
    },

    /** Profile ids of the active people of the scope who have never signed in. */
    async notSignedInIds(scope: PeopleScope): Promise<number[]> {
      const rows = await db
        .select({ id: profiles.id })
        .from(profiles)
        .leftJoin(teachers, eq(teachers.profileId, profiles.id))
        .leftJoin(students, eq(students.profileId, profiles.id))
        .where(filtered(scope, { status: 'not_signed_in' }))
        .orderBy(profiles.id);
      return rows.map((r) => r.id);
    },

    /** One person of the scope by profile slug. */
    async person(scope: PeopleScope, slug: string) {
      const [row] = await joined()
        .where(and(inScope(scope), eq(profiles.slug, slug)))
        .limit(1);
      return row;
    },

    /** The branches of each listed person: a teacher's in their order, a student's one. */
    async branchesOf(people: ReadonlyArray<{ teacherId: number | null; studentBranchId: number | null }>) {
      const teacherIds = people.flatMap((p) => (p.teacherId === null ? [] : [p.teacherId]));
      const branchIds = people.flatMap((p) => (p.studentBranchId === null ? [] : [p.studentBranchId]));
      const taught =
        teacherIds.length === 0
          ? []
          : await db
              .select({
                teacherId: teacherBranches.teacherId,
                id: branches.id,
                slug: branches.slug,
                name: branches.name,
                code: branches.code,
              })
              .from(teacherBranches)
              .innerJoin(branches, eq(branches.id, teacherBranches.branchId))
              .where(inArray(teacherBranches.teacherId, teacherIds))
              .orderBy(asc(teacherBranches.ordering), asc(branches.id));
      const ofStudents =
        branchIds.length === 0
          ? []
          : await db
              .select({ id: branches.id, slug: branches.slug, name: branches.name, code: branches.code })
              .from(branches)
              .where(inArray(branches.id, [...new Set(branchIds)]));
      return { taught, ofStudents };
    },

    /** The scope's branches with their streams and active semesters. */
    async placements(scope: PeopleScope) {
      if (scope.branchIds.length === 0) return { branchRows: [], semesterRows: [] };
      const branchRows = await db
        .select({ id: branches.id, slug: branches.slug, name: branches.name, code: branches.code })
        .from(branches)
        .where(
          and(eq(branches.institutionId, scope.institutionId), inArray(branches.id, [...scope.branchIds])),
        )
        .orderBy(asc(branches.name), asc(branches.id));
      const semesterRows = await db
        .select({
          branchId: streams.branchId,
          streamId: streams.id,
          streamSlug: streams.slug,
          streamTitle: streams.title,
          streamCode: streams.streamCode,
          semesterSlug: semesters.slug,
          semesterNo: semesters.no,
          academicYear: semesters.academicYear,
          semesterActive: semesters.isActive,
        })
        .from(streams)
        .leftJoin(semesters, and(eq(semesters.streamId, streams.id), eq(semesters.isActive, true)))
        .where(
          and(
            eq(streams.institutionId, scope.institutionId),
            inArray(streams.branchId, [...scope.branchIds]),
          ),
        )
        .orderBy(
          asc(streams.title),
          asc(streams.streamCode),
          asc(streams.id),
          asc(semesters.no),
          asc(semesters.id),
        );
      return { branchRows, semesterRows };
    },

    /** Branches of the scope by slug (missing ones are simply absent). */
    async branchesBySlug(scope: PeopleScope, slugs: readonly string[]) {
      if (slugs.length === 0 || scope.branchIds.length === 0) return [];
      return db
        .select({ id: branches.id, slug: branches.slug })
        .from(branches)
        .where(
          and(
            eq(branches.institutionId, scope.institutionId),
            inArray(branches.id, [...scope.branchIds]),
            inArray(branches.slug, [...slugs]),
          ),
        );
    },

    /** A semester of the scope's branches by slug, with its stream and branch. */
    async semesterBySlug(scope: PeopleScope, slug: string) {
      if (scope.branchIds.length === 0) return undefined;
      const [row] = await db
        .select({ id: semesters.id, streamId: streams.id, branchId: streams.branchId, no: semesters.no })
        .from(semesters)
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .where(
          and(
            eq(semesters.slug, slug),
            eq(semesters.institutionId, scope.institutionId),
            inArray(streams.branchId, [...scope.branchIds]),
          ),
        )
        .limit(1);
      return row;
    },

    async streamBranchId(streamId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ branchId: streams.branchId })
        .from(streams)
        .where(eq(streams.id, streamId));
      return row?.branchId;
    },

    /** Whoever already signs in with this address (any institution: sign-in emails are global). */
    async profileWithEmail(email: string, exceptProfileId?: number) {
      const [row] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(
          and(
            sql`lower(${profiles.email}) = ${email.toLowerCase()}`,
            exceptProfileId === undefined ? undefined : ne(profiles.id, exceptProfileId),
          ),
        )
        .limit(1);
      return row;
    },

    async teacherWithCode(institutionId: number, code: string, exceptTeacherId?: number) {
      const [row] = await db
        .select({ id: teachers.id })
        .from(teachers)
        .where(
          and(
            eq(teachers.institutionId, institutionId),
            // Without case, as the workbook import compares keys: `akm` beside `AKM` would make the
            // institution's own workbook fail to import again.
            sql`upper(${teachers.teacherCode}) = upper(${code})`,
            exceptTeacherId === undefined ? undefined : ne(teachers.id, exceptTeacherId),
          ),
        )
        .limit(1);
      return row;
    },

    async studentWithEnrollment(institutionId: number, enrollment: string, exceptStudentId?: number) {
      const [row] = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.institutionId, institutionId),
            sql`upper(${students.enrollment}) = upper(${enrollment})`,
            exceptStudentId === undefined ? undefined : ne(students.id, exceptStudentId),
          ),
        )
        .limit(1);
      return row;
    },

    /** Whether the student is placed in a division of the given semester. */
    async placedInDivision(studentId: number, semesterId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: divisionStudents.studentId })
        .from(divisionStudents)
        .where(and(eq(divisionStudents.studentId, studentId), eq(divisionStudents.semesterId, semesterId)))
        .limit(1);
      return row !== undefined;
    },

    /** A teacher's branches in order (ids). */
    async teacherBranchIds(tx: DbOrTx, teacherId: number): Promise<number[]> {
      const rows = await tx
        .select({ id: teacherBranches.branchId })
        .from(teacherBranches)
        .where(eq(teacherBranches.teacherId, teacherId))
        .orderBy(asc(teacherBranches.ordering), asc(teacherBranches.branchId));
      return rows.map((r) => r.id);
    },

    async replaceTeacherBranches(tx: DbOrTx, teacherId: number, branchIds: readonly number[]) {
      await tx.delete(teacherBranches).where(eq(teacherBranches.teacherId, teacherId));
      if (branchIds.length > 0)
        await tx
          .insert(teacherBranches)
          .values(branchIds.map((branchId, ordering) => ({ teacherId, branchId, ordering })));
    },
  };
}

export type PeopleAdminRepository = ReturnType<typeof createPeopleAdminRepository>;

/** A person row as read (teacher and student columns null for the other role). */
export type PersonRecord = NonNullable<Awaited<ReturnType<PeopleAdminRepository['person']>>>;
