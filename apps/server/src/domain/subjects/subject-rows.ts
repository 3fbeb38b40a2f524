import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { syllabusUrlFromTemplate, type Subject } from '@rollbook/contract';
import { catalogueSubjects, institutions, offeredSubjects } from '../../db/schema';

/**
 * The institution's syllabus URL template of a catalogue row, read in the same query (a correlated
 * subquery), so every subject reply can name its link without each caller loading the institution.
 */
const syllabusTemplate = sql<
  string | null
>`(select ${institutions.syllabusUrlTemplate} from ${institutions} where ${institutions.id} = ${catalogueSubjects.institutionId})`;

/** The catalogue columns every subject reply needs (select them with `...catalogueColumns`). */
export const catalogueColumns = {
  catalogueId: catalogueSubjects.id,
  catalogueSlug: catalogueSubjects.slug,
  subjectName: catalogueSubjects.subjectName,
  subjectCode: catalogueSubjects.subjectCode,
  shortName: catalogueSubjects.shortName,
  category: catalogueSubjects.category,
  semYear: catalogueSubjects.semYear,
  streamCode: catalogueSubjects.streamCode,
  degree: catalogueSubjects.degree,
  effFrom: catalogueSubjects.effFrom,
  academicYear: catalogueSubjects.academicYear,
  lectureHours: catalogueSubjects.lectureHours,
  tutorialHours: catalogueSubjects.tutorialHours,
  practicalHours: catalogueSubjects.practicalHours,
  credit: catalogueSubjects.credit,
  marksE: catalogueSubjects.marksE,
  marksM: catalogueSubjects.marksM,
  marksI: catalogueSubjects.marksI,
  marksV: catalogueSubjects.marksV,
  totalMarks: catalogueSubjects.totalMarks,
  catalogueIsElective: catalogueSubjects.isElective,
  isTheory: catalogueSubjects.isTheory,
  isPractical: catalogueSubjects.isPractical,
  isSemiPractical: catalogueSubjects.isSemiPractical,
  isFunctional: catalogueSubjects.isFunctional,
  practicalExamDuration: catalogueSubjects.practicalExamDuration,
  theoryExamDuration: catalogueSubjects.theoryExamDuration,
  remark: catalogueSubjects.remark,
  syllabusUrl: catalogueSubjects.syllabusUrl,
  syllabusTemplate,
} as const;

/** Catalogue columns plus the offer in a semester (join `offeredSubjects` to `catalogueSubjects`). */
export const offeredColumns = {
  ...catalogueColumns,
  offeredId: offeredSubjects.id,
  offeredSlug: offeredSubjects.slug,
  semesterId: offeredSubjects.semesterId,
  isElective: offeredSubjects.isElective,
  isTechnical: offeredSubjects.isTechnical,
  ordering: offeredSubjects.ordering,
} as const;

/** A catalogue row as selected with `catalogueColumns`. */
export type CatalogueRow = SelectResultFields<typeof catalogueColumns>;
/** An offered subject as selected with `offeredColumns`. */
export type OfferedRow = SelectResultFields<typeof offeredColumns>;

/**
 * A subject's syllabus link: its own catalogue link, else the institution's template with its code,
 * else none (the web then shows no link).
 */
export function syllabusLink(row: Pick<CatalogueRow, 'subjectCode' | 'syllabusUrl' | 'syllabusTemplate'>) {
  if (row.syllabusUrl) return row.syllabusUrl;
  return row.syllabusTemplate ? syllabusUrlFromTemplate(row.syllabusTemplate, row.subjectCode) : null;
}

function baseSubject(row: CatalogueRow): Omit<Subject, 'slug' | 'is_elective' | 'is_technical'> {
  return {
    subject_name: row.subjectName,
    subject_code: row.subjectCode,
    short_name: row.shortName,
    category: row.category,
    sem_year: row.semYear,
    stream_code: row.streamCode,
    eff_from: row.effFrom,
    acedemic_year: row.academicYear,
    L: row.lectureHours,
    T: row.tutorialHours,
    P: row.practicalHours,
    credit: Number(row.credit),
    E: row.marksE,
    M: row.marksM,
    I: row.marksI,
    V: row.marksV,
    total_marks: row.totalMarks,
    is_theory: row.isTheory,
    is_practical: row.isPractical,
    is_semipractical: row.isSemiPractical,
    is_functional: row.isFunctional,
    practical_exam_duration: row.practicalExamDuration,
    theory_exam_duration: row.theoryExamDuration,
    remark: row.remark,
    syllabus_url: syllabusLink(row),
  };
}

/**
 * A catalogue entry as the wire `Subject` (catalogue listing of §9.3): its slug is the catalogue
 * slug, which is what the lock call accepts for subjects not offered yet. Until the admin decides,
 * a subject counts as technical (the client tags a card only when `is_technical` is not null).
 */
export function catalogueSubjectToWire(
  row: CatalogueRow,
  offered?: Pick<OfferedRow, 'isTechnical'>,
): Subject {
  return {
    slug: row.catalogueSlug,
    ...baseSubject(row),
    is_elective: row.catalogueIsElective,
    is_technical: offered ? offered.isTechnical : true,
  };
}

/**
 * An offered subject as the wire `Subject`. Once offered, a subject is named by the offer's slug
 * everywhere (semester subjects, categories, choices, confirmation), so one slug always means one
 * subject of one semester.
 */
export function offeredSubjectToWire(row: OfferedRow, extra: Partial<Subject> = {}): Subject {
  return {
    slug: row.offeredSlug,
    ...baseSubject(row),
    is_elective: row.isElective,
    is_technical: row.isTechnical,
    ordering: row.ordering,
    ...extra,
  };
}
