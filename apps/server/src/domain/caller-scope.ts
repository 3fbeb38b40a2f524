import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client';
import {
  branches,
  catalogueSubjects,
  institutions,
  offeredSubjects,
  semesters,
  streams,
  teacherBranches,
  teachers,
} from '../db/schema';
import type { AuthContext } from '../lib/caller';
import { notFound } from '../lib/app-error';
import { createPeopleRepository } from './people.repository';
import { streamBranchColumns } from './stream-branch-columns';
import { offeredColumns, type OfferedRow } from './subjects/subject-rows';

/** A semester with everything the subject rules need: its stream, branch and time zone. */
export interface SemesterScope {
  id: number;
  slug: string;
  no: number;
  institutionId: number;
  isActive: boolean;
  subjectsLocked: boolean;
  /** Divisions (and their elective batches) were confirmed from the students' choices. */
  divisionsCreated: boolean;
  deadline: string | null;
  reminderSentOn: string | null;
  /** "2026-27", or null for a semester made before academic years were recorded. */
  academicYear: string | null;
  timezone: string;
  stream: { id: number; slug: string; title: string; streamCode: string };
  branch: { id: number; slug: string; name: string };
}

const semesterColumns = {
  id: semesters.id,
  slug: semesters.slug,
  no: semesters.no,
  institutionId: semesters.institutionId,
  isActive: semesters.isActive,
  subjectsLocked: semesters.subjectsLocked,
  divisionsCreated: semesters.divisionsCreated,
  deadline: semesters.subjectChoiceDeadline,
  reminderSentOn: semesters.deadlineReminderSentOn,
  academicYear: semesters.academicYear,
  timezone: institutions.timezone,
  ...streamBranchColumns,
};

type SemesterJoinRow = SelectResultFields<typeof semesterColumns>;

function toScope(r: SemesterJoinRow): SemesterScope {
  return {
    id: r.id,
    slug: r.slug,
    no: r.no,
    institutionId: r.institutionId,
    isActive: r.isActive,
    subjectsLocked: r.subjectsLocked,
    academicYear: r.academicYear,
    divisionsCreated: r.divisionsCreated,
    deadline: r.deadline,
    reminderSentOn: r.reminderSentOn,
    timezone: r.timezone,
    stream: { id: r.streamId, slug: r.streamSlug, title: r.streamTitle, streamCode: r.streamCode },
    branch: { id: r.branchId, slug: r.branchSlug, name: r.branchName },
  };
}

/** A stream label people recognise, e.g. "BE Computer Engineering - Semester 7". */
export function semesterLabel(s: Pick<SemesterScope, 'no' | 'stream' | 'branch'>): string {
  return `${s.stream.title} ${s.branch.name} - Semester ${s.no}`;
}

/**
 * The term a semester is taught in: its academic year and half (odd semesters in the first half
 * of the year, even ones in the second), e.g. "2026-27, odd semesters".
 */
export function termLabel(s: Pick<SemesterScope, 'no' | 'academicYear'>): string {
  return `${s.academicYear ?? 'Academic year not set'}, ${s.no % 2 === 1 ? 'odd' : 'even'} semesters`;
}

/** A term as a query value, e.g. `2026-27-odd` (`unset-odd` for semesters without a year). */
export function termKey(s: Pick<SemesterScope, 'no' | 'academicYear'>): string {
  return `${s.academicYear ?? 'unset'}-${s.no % 2 === 1 ? 'odd' : 'even'}`;
}

/**
 * Resolves slugs sent by a caller inside what the caller may see: the caller's institution and,
 * for admins, the branches they administer; for teachers, the branches they teach in. Anything
 * outside answers 404 "X not found", exactly like a slug that does not exist, so other
 * institutions' data can neither be read nor probed.
 */
export function createScope(db: Db) {
  const people = createPeopleRepository(db);

  async function semestersWhere(where: SQL | undefined): Promise<SemesterScope[]> {
    const rows = await db
      .select(semesterColumns)
      .from(semesters)
      .innerJoin(streams, eq(streams.id, semesters.streamId))
      .innerJoin(branches, eq(branches.id, streams.branchId))
      .innerJoin(institutions, eq(institutions.id, semesters.institutionId))
      .where(where)
      .orderBy(semesters.no, semesters.id);
    return rows.map(toScope);
  }

  async function teacherBranchIds(auth: AuthContext): Promise<number[]> {
    const rows = await db
      .select({ id: teacherBranches.branchId })
      .from(teacherBranches)
      .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
      .where(and(eq(teachers.profileId, auth.profileId), eq(teachers.institutionId, auth.institutionId)));
    return rows.map((r) => r.id);
  }

  /** The branches the caller works in: administered ones for admins, taught ones for teachers. */
  async function branchIdsOf(auth: AuthContext): Promise<number[]> {
    if (auth.role === 'admin') return people.adminBranchIds(auth.profileId, auth.institutionId);
    if (auth.role === 'teacher') return teacherBranchIds(auth);
    return [];
  }

  /** The streams of the caller's branches, with their branch. */
  async function streamsOf(auth: AuthContext) {
    const ids = await branchIdsOf(auth);
    if (ids.length === 0) return [];
    return db
      .select({
        id: streams.id,
        slug: streams.slug,
        title: streams.title,
        streamCode: streams.streamCode,
        branchId: branches.id,
        branchSlug: branches.slug,
        branchName: branches.name,
      })
      .from(streams)
      .innerJoin(branches, eq(branches.id, streams.branchId))
      .where(and(inArray(streams.branchId, ids), eq(streams.institutionId, auth.institutionId)))
      .orderBy(branches.name, streams.title, streams.id);
  }

  return {
    branchIdsOf,

    streamsOf,

    /** One stream of the caller's branches, or 404 "Stream not found". */
    async stream(auth: AuthContext, slug: string) {
      const all = await streamsOf(auth);
      const found = all.find((s) => s.slug === slug);
      if (!found) throw notFound('Stream');
      return found;
    },

    /** The semesters of one stream (already scoped by `stream`). */
    semestersOfStream(streamId: number): Promise<SemesterScope[]> {
      return semestersWhere(eq(semesters.streamId, streamId));
    },

    /** Semesters by id, whatever the caller (internal use). */
    semestersByIds(ids: number[]): Promise<SemesterScope[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return semestersWhere(inArray(semesters.id, ids));
    },

    /** Semesters of some branches whose subjects are currently locked for choosing. */
    lockedSemestersOfBranches(institutionId: number, branchIds: number[]): Promise<SemesterScope[]> {
      if (branchIds.length === 0) return Promise.resolve([]);
      return semestersWhere(
        and(
          eq(semesters.institutionId, institutionId),
          inArray(streams.branchId, branchIds),
          eq(semesters.subjectsLocked, true),
        ),
      );
    },

    /** Every semester of an institution whose subjects are locked (similar-subject search). */
    lockedSemestersOfInstitution(institutionId: number): Promise<SemesterScope[]> {
      return semestersWhere(
        and(eq(semesters.institutionId, institutionId), eq(semesters.subjectsLocked, true)),
      );
    },

    /** Semesters of the caller's branches. */
    async semestersOf(auth: AuthContext): Promise<SemesterScope[]> {
      const ids = await branchIdsOf(auth);
      if (ids.length === 0) return [];
      return semestersWhere(
        and(eq(semesters.institutionId, auth.institutionId), inArray(streams.branchId, ids)),
      );
    },

    /** One semester of the caller's branches, or 404 "Semester not found". */
    async semester(auth: AuthContext, slug: string): Promise<SemesterScope> {
      const ids = await branchIdsOf(auth);
      if (ids.length === 0) throw notFound('Semester');
      const [found] = await semestersWhere(
        and(
          eq(semesters.slug, slug),
          eq(semesters.institutionId, auth.institutionId),
          inArray(streams.branchId, ids),
        ),
      );
      if (!found) throw notFound('Semester');
      return found;
    },

    /** One offered subject of a semester of the caller's branches, or 404 "Subject not found". */
    async offeredSubject(
      auth: AuthContext,
      slug: string,
    ): Promise<{ subject: OfferedRow; semester: SemesterScope }> {
      const [subject] = await db
        .select(offeredColumns)
        .from(offeredSubjects)
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .where(and(eq(offeredSubjects.slug, slug), eq(catalogueSubjects.institutionId, auth.institutionId)))
        .limit(1);
      if (!subject) throw notFound('Subject');
      const ids = await branchIdsOf(auth);
      const [semester] = await semestersWhere(eq(semesters.id, subject.semesterId));
      if (!semester || !ids.includes(semester.branch.id)) throw notFound('Subject');
      return { subject, semester };
    },
  };
}

export type Scope = ReturnType<typeof createScope>;
