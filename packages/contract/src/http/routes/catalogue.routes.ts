import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import {
  ACADEMIC_YEAR_PATTERN,
  SemesterFullSchema,
  SemesterSummarySchema,
  StreamSchema,
  SubjectCategorySchema,
  SubjectSchema,
} from '../../schemas/catalogue';
import { slugField, slugParams } from '../../schemas/common';
import { defineRoute } from '../route';

/** Streams, semesters and the subject catalogue (contract §9.1-9.3, 9.7, 10.1, 11.4). */
export const catalogueRoutes = {
  getStreams: defineRoute({
    id: 'catalogue.getStreams',
    method: 'GET',
    path: '/manage/get_streams',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(StreamSchema)),
    responseKind: 'envelope',
    summary: "Streams of the admin's branch",
    section: '9.1',
  }),
  getSemestersFromStream: defineRoute({
    id: 'catalogue.getSemestersFromStream',
    method: 'GET',
    path: '/manage/get_semesters_from_stream/{stream_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('stream_slug'),
    response: envelopeSchema(z.array(SemesterFullSchema)),
    responseKind: 'envelope',
    summary: 'Semesters of a stream with their subject-selection state (subjects null when none chosen)',
    section: '9.2',
  }),
  getSubjectsFromAcademicYear: defineRoute({
    id: 'catalogue.getSubjectsFromAcademicYear',
    method: 'GET',
    path: '/manage/get_subjects_from_acedemic_year/{semester_slug}/{year}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: z.object({
      semester_slug: slugField('semester_slug'),
      year: z
        .string()
        .regex(ACADEMIC_YEAR_PATTERN, { error: 'year must be an academic year such as 2023-24' }),
    }),
    response: envelopeSchema(z.array(SubjectSchema)),
    responseKind: 'envelope',
    summary: 'Subject catalogue of a semester for one academic year',
    section: '9.3',
  }),
  getComplementarySubjects: defineRoute({
    id: 'catalogue.getComplementarySubjects',
    method: 'GET',
    path: '/manage/get_complementry_subject_from_semester/{semester_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('semester_slug'),
    response: envelopeSchema(z.array(SubjectCategorySchema)),
    responseKind: 'envelope',
    summary: 'Elective categories of a semester with their subjects',
    section: '9.7',
  }),
  getSemestersOnlyFromStream: defineRoute({
    id: 'catalogue.getSemestersOnlyFromStream',
    method: 'GET',
    path: '/manage/get_semesters_only_from_stream/{stream_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('stream_slug'),
    response: envelopeSchema(z.array(SemesterSummarySchema)),
    responseKind: 'envelope',
    summary: 'Short semester list of a stream (division creation)',
    section: '10.1',
  }),
  getAcademicYearsBySemester: defineRoute({
    id: 'catalogue.getAcademicYearsBySemester',
    method: 'GET',
    path: '/manage/get_accedmic_years_of_subjects_by_semester/{semester_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('semester_slug'),
    response: envelopeSchema(z.array(z.string())),
    responseKind: 'envelope',
    summary: 'Academic years offered for a semester (dead in the client; years come from the semester)',
    section: '11.4',
  }),
} as const;
