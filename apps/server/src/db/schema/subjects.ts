import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id, slug } from './columns';
import { institutions, semesters } from './organisation';
import { profiles } from './people';

/**
 * The university syllabus catalogue ("permanent subjects"): one row per subject code per academic
 * year of a stream, with weekly hours (L, T, P), credits and marks.
 */
export const catalogueSubjects = pgTable(
  'catalogue_subjects',
  {
    id: id(),
    slug: slug(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    degree: text('degree').notNull(),
    streamCode: text('stream_code').notNull(),
    semYear: smallint('sem_year').notNull(),
    subjectCode: text('subject_code').notNull(),
    academicYear: text('academic_year').notNull(),
    /** The syllabus document of this subject; null: the institution's template, if any. */
    syllabusUrl: text('syllabus_url'),
    effFrom: text('eff_from').notNull(),
    subjectName: text('subject_name').notNull(),
    shortName: text('short_name'),
    category: text('category').notNull(),
    lectureHours: smallint('l').notNull(),
    tutorialHours: smallint('t').notNull(),
    practicalHours: smallint('p').notNull(),
    credit: numeric('credit', { precision: 4, scale: 1 }).notNull(),
    marksE: smallint('e').notNull(),
    marksM: smallint('m').notNull(),
    marksI: smallint('i').notNull(),
    marksV: smallint('v').notNull(),
    totalMarks: smallint('total_marks').notNull(),
    isElective: boolean('is_elective').notNull().default(false),
    isTheory: boolean('is_theory').notNull().default(true),
    isPractical: boolean('is_practical').notNull().default(false),
    isSemiPractical: boolean('is_semipractical').notNull().default(false),
    isFunctional: boolean('is_functional').notNull().default(false),
    practicalExamDuration: text('practical_exam_duration').notNull().default(''),
    theoryExamDuration: text('theory_exam_duration').notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    unique().on(t.institutionId, t.streamCode, t.subjectCode, t.academicYear),
    index().on(t.institutionId, t.streamCode, t.semYear, t.academicYear),
  ],
);

/** A catalogue subject offered in a semester (created when the admin locks the selection). */
export const offeredSubjects = pgTable(
  'offered_subjects',
  {
    id: id(),
    slug: slug(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    catalogueSubjectId: integer('catalogue_subject_id')
      .notNull()
      .references(() => catalogueSubjects.id),
    isElective: boolean('is_elective').notNull().default(false),
    isTechnical: boolean('is_technical').notNull().default(true),
    ordering: smallint('ordering').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.semesterId, t.catalogueSubjectId)],
);

/** An elective category of a semester: a student picks exactly one of its subjects. */
export const electiveCategories = pgTable(
  'elective_categories',
  {
    id: id(),
    slug: slug(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
  },
  (t) => [unique().on(t.semesterId, t.category)],
);

export const electiveCategorySubjects = pgTable(
  'elective_category_subjects',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => electiveCategories.id, { onDelete: 'cascade' }),
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.offeredSubjectId] })],
);

/**
 * One choice record per person per semester: a teacher ranks the subjects they want to teach, a
 * student picks electives. Saved means submitted (editable until the deadline); locked means the
 * admin froze it (after confirmation).
 */
export const subjectChoices = pgTable(
  'subject_choices',
  {
    id: id(),
    slug: slug(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['teacher', 'student'] }).notNull(),
    choicesSaved: boolean('choices_saved').notNull().default(false),
    choicesLocked: boolean('choices_locked').notNull().default(false),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /**
     * Set when an admin reopens one person's choices during confirmation: that person may choose
     * again after the semester's deadline (until they save, which then locks at once).
     */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.profileId, t.semesterId), index().on(t.semesterId, t.kind)],
);

/** The subjects a choice record may pick from. */
export const subjectChoiceOptions = pgTable(
  'subject_choice_options',
  {
    choiceId: integer('choice_id')
      .notNull()
      .references(() => subjectChoices.id, { onDelete: 'cascade' }),
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.choiceId, t.offeredSubjectId] })],
);

/** The picked subjects in order: `ordering` 1 is a teacher's first priority. */
export const subjectChoiceItems = pgTable(
  'subject_choice_items',
  {
    choiceId: integer('choice_id')
      .notNull()
      .references(() => subjectChoices.id, { onDelete: 'cascade' }),
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id, { onDelete: 'cascade' }),
    ordering: smallint('ordering').notNull(),
  },
  (t) => [primaryKey({ columns: [t.choiceId, t.offeredSubjectId] }), unique().on(t.choiceId, t.ordering)],
);

/** Students who chose the same set of electives, the planner's unit of work. */
export const choiceGroups = pgTable(
  'choice_groups',
  {
    id: id(),
    slug: slug(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
  },
  (t) => [unique().on(t.semesterId, t.signature)],
);

export const choiceGroupSubjects = pgTable(
  'choice_group_subjects',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => choiceGroups.id, { onDelete: 'cascade' }),
    offeredSubjectId: integer('offered_subject_id')
      .notNull()
      .references(() => offeredSubjects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.offeredSubjectId] })],
);

export const choiceGroupStudents = pgTable(
  'choice_group_students',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => choiceGroups.id, { onDelete: 'cascade' }),
    studentProfileId: integer('student_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.studentProfileId] })],
);
