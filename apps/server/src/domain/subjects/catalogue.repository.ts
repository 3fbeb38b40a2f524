import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SemesterScope } from '../caller-scope';
import {
  catalogueSubjects,
  electiveCategories,
  electiveCategorySubjects,
  offeredSubjects,
} from '../../db/schema';
import { catalogueColumns, offeredColumns, type CatalogueRow, type OfferedRow } from './subject-rows';

/** Which catalogue rows belong to a semester: same degree, stream code and semester number. */
export interface CatalogueKey {
  institutionId: number;
  degree: string;
  streamCode: string;
  semYear: number;
}

/** The catalogue rows that belong to a semester. */
export function catalogueKeyOf(semester: SemesterScope): CatalogueKey {
  return {
    institutionId: semester.institutionId,
    degree: semester.stream.title,
    streamCode: semester.stream.streamCode,
    semYear: semester.no,
  };
}

function keyWhere(key: CatalogueKey) {
  return and(
    eq(catalogueSubjects.institutionId, key.institutionId),
    eq(catalogueSubjects.degree, key.degree),
    eq(catalogueSubjects.streamCode, key.streamCode),
    eq(catalogueSubjects.semYear, key.semYear),
  );
}

/** Queries over the subject catalogue, offered subjects and elective categories; no rules here. */
export function createCatalogueRepository(db: Db) {
  return {
    /** Offered subjects of some semesters, in the admin's selection order. */
    async offeredOfSemesters(semesterIds: number[]): Promise<OfferedRow[]> {
      if (semesterIds.length === 0) return [];
      return db
        .select(offeredColumns)
        .from(offeredSubjects)
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .where(inArray(offeredSubjects.semesterId, semesterIds))
        .orderBy(asc(offeredSubjects.semesterId), asc(offeredSubjects.ordering), asc(offeredSubjects.id));
    },

    /** Offered subjects by id. */
    async offeredByIds(ids: number[]): Promise<OfferedRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(offeredColumns)
        .from(offeredSubjects)
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .where(inArray(offeredSubjects.id, ids));
    },

    /** Offered subjects of an institution by slug (any semester). */
    async offeredBySlugs(institutionId: number, slugs: string[]): Promise<OfferedRow[]> {
      if (slugs.length === 0) return [];
      return db
        .select(offeredColumns)
        .from(offeredSubjects)
        .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
        .where(and(inArray(offeredSubjects.slug, slugs), eq(catalogueSubjects.institutionId, institutionId)));
    },

    /** Catalogue rows of an institution by slug (any stream). */
    async catalogueBySlugs(institutionId: number, slugs: string[]): Promise<CatalogueRow[]> {
      if (slugs.length === 0) return [];
      return db
        .select(catalogueColumns)
        .from(catalogueSubjects)
        .where(
          and(inArray(catalogueSubjects.slug, slugs), eq(catalogueSubjects.institutionId, institutionId)),
        );
    },

    /** The academic years the catalogue has for a semester, oldest first. */
    async academicYears(key: CatalogueKey): Promise<string[]> {
      const rows = await db
        .selectDistinct({ year: catalogueSubjects.academicYear })
        .from(catalogueSubjects)
        .where(keyWhere(key))
        .orderBy(asc(catalogueSubjects.academicYear));
      return rows.map((r) => r.year);
    },

    /** The catalogue of a semester for one academic year, by subject code. */
    async catalogueOfYear(key: CatalogueKey, year: string): Promise<CatalogueRow[]> {
      return db
        .select(catalogueColumns)
        .from(catalogueSubjects)
        .where(and(keyWhere(key), eq(catalogueSubjects.academicYear, year)))
        .orderBy(asc(catalogueSubjects.subjectCode));
    },

    /** Elective categories of some semesters with the ids of their offered subjects. */
    async categoriesOfSemesters(semesterIds: number[]) {
      if (semesterIds.length === 0) return [];
      const rows = await db
        .select({
          id: electiveCategories.id,
          slug: electiveCategories.slug,
          semesterId: electiveCategories.semesterId,
          category: electiveCategories.category,
          offeredSubjectId: electiveCategorySubjects.offeredSubjectId,
        })
        .from(electiveCategories)
        .leftJoin(electiveCategorySubjects, eq(electiveCategorySubjects.categoryId, electiveCategories.id))
        .where(inArray(electiveCategories.semesterId, semesterIds))
        .orderBy(asc(electiveCategories.category), asc(electiveCategories.id));
      const byId = new Map<
        number,
        { id: number; slug: string; semesterId: number; category: string; subjectIds: number[] }
      >();
      for (const r of rows) {
        let c = byId.get(r.id);
        if (!c) {
          c = { id: r.id, slug: r.slug, semesterId: r.semesterId, category: r.category, subjectIds: [] };
          byId.set(r.id, c);
        }
        if (r.offeredSubjectId !== null) c.subjectIds.push(r.offeredSubjectId);
      }
      return [...byId.values()];
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
export type ElectiveCategory = Awaited<ReturnType<CatalogueRepository['categoriesOfSemesters']>>[number];
