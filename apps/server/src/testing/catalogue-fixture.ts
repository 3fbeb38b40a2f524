import type { Db } from '../db/client';
import { catalogueSubjects } from '../db/schema';
import { TEST_SUBJECT_HOURS, TEST_SUBJECT_MARKS } from './factories';

export const CORE_CATEGORY = 'Professional Core Course';
export const ELECTIVE_CATEGORY = 'Professional Elective Course';

/** Where catalogue subjects of a test belong; a BE semester 7 of stream 07 in 2026-27 unless said. */
export interface CatalogueKey {
  institutionId: number;
  degree?: string;
  streamCode?: string;
  semYear?: number;
  /** The academic year, also the year the syllabus is effective from. */
  year?: string;
}

/** One catalogue subject of a test: what the test cares about; the rest are plain defaults. */
export interface CatalogueEntry {
  code: string;
  name: string;
  elective: boolean;
  /** By default the core or elective course category, after `elective`. */
  category?: string;
  short?: string | null;
  /** Weekly hours; 3 lecture and 2 practical by default. */
  hours?: { lectureHours: number; tutorialHours: number; practicalHours: number };
  /** The database's defaults (a theory subject) when absent. */
  theory?: boolean;
  practical?: boolean;
}

/** Inserts catalogue subjects and returns their rows in the order given. */
export async function insertCatalogue(db: Db, key: CatalogueKey, entries: readonly CatalogueEntry[]) {
  const year = key.year ?? '2026-27';
  return db
    .insert(catalogueSubjects)
    .values(
      entries.map((entry) => ({
        institutionId: key.institutionId,
        degree: key.degree ?? 'BE',
        streamCode: key.streamCode ?? '07',
        semYear: key.semYear ?? 7,
        subjectCode: entry.code,
        academicYear: year,
        effFrom: year,
        subjectName: entry.name,
        shortName: entry.short ?? null,
        category: entry.category ?? (entry.elective ? ELECTIVE_CATEGORY : CORE_CATEGORY),
        ...(entry.hours ?? TEST_SUBJECT_HOURS),
        ...TEST_SUBJECT_MARKS,
        isElective: entry.elective,
        // Absent: the column's default.
        isTheory: entry.theory,
        isPractical: entry.practical,
      })),
    )
    .returning();
}
