import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  batches,
  branches,
  catalogueSubjects,
  divisions,
  lectures,
  offeredSubjects,
  semesters,
  streams,
  teachers,
} from '../../db/schema';

/** A subject a report may show, with where it is taught. */
export interface ScopedSubject {
  id: number;
  slug: string;
  subjectName: string;
  subjectCode: string;
  semesterId: number;
  semesterSlug: string;
  semesterNo: number;
  branchName: string;
}

const subjectColumns = {
  id: offeredSubjects.id,
  slug: offeredSubjects.slug,
  subjectName: catalogueSubjects.subjectName,
  subjectCode: catalogueSubjects.subjectCode,
  semesterId: semesters.id,
  semesterSlug: semesters.slug,
  semesterNo: semesters.no,
  branchName: branches.name,
};

/** What the report calls read besides the record itself: scopes, filters' choices, names. */
export function createReportsRepository(db: Db) {
  function subjectsWhere(where: ReturnType<typeof and>) {
    return db
      .selectDistinct(subjectColumns)
      .from(offeredSubjects)
      .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
      .innerJoin(semesters, eq(semesters.id, offeredSubjects.semesterId))
      .innerJoin(streams, eq(streams.id, semesters.streamId))
      .innerJoin(branches, eq(branches.id, streams.branchId))
      .where(where)
      .orderBy(asc(semesters.no), asc(catalogueSubjects.subjectName), asc(offeredSubjects.id));
  }

  return {
    async teacherId(profileId: number, institutionId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: teachers.id })
        .from(teachers)
        .where(and(eq(teachers.profileId, profileId), eq(teachers.institutionId, institutionId)));
      return row?.id;
    },

    /** The subjects a teacher teaches: any lecture of theirs, current or replaced. */
    teacherSubjects(teacherId: number, institutionId: number): Promise<ScopedSubject[]> {
      const taught = db
        .select({ id: lectures.offeredSubjectId })
        .from(lectures)
        .where(eq(lectures.teacherId, teacherId));
      return subjectsWhere(
        and(inArray(offeredSubjects.id, taught), eq(semesters.institutionId, institutionId)),
      );
    },

    /** Every subject offered in the branches' semesters. */
    branchSubjects(branchIds: number[], institutionId: number): Promise<ScopedSubject[]> {
      if (branchIds.length === 0) return Promise.resolve([]);
      return subjectsWhere(
        and(inArray(streams.branchId, branchIds), eq(semesters.institutionId, institutionId)),
      );
    },

    /** Divisions of some semesters, with a label naming the semester. */
    divisionsOf(semesterIds: number[]) {
      if (semesterIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: divisions.id,
          slug: divisions.slug,
          name: divisions.name,
          semesterId: semesters.id,
          semesterSlug: semesters.slug,
          semesterNo: semesters.no,
          streamTitle: streams.title,
          branchName: branches.name,
        })
        .from(divisions)
        .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
        .innerJoin(streams, eq(streams.id, semesters.streamId))
        .innerJoin(branches, eq(branches.id, streams.branchId))
        .where(inArray(divisions.semesterId, semesterIds))
        .orderBy(asc(semesters.no), asc(divisions.ordering), asc(divisions.name));
    },

    batchesOf(divisionIds: number[]) {
      if (divisionIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: batches.id, slug: batches.slug, name: batches.name, divisionId: batches.divisionId })
        .from(batches)
        .where(inArray(batches.divisionId, divisionIds))
        .orderBy(asc(batches.divisionId), asc(batches.ordering), asc(batches.name));
    },

    /** Subjects by id (names for subjects a student has lectures of but no session yet). */
    subjectsByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return subjectsWhere(inArray(offeredSubjects.id, ids));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
