import { envelopeSchema } from '../../envelope';
import {
  AcademicYearOpenedSchema,
  AcademicYearPreviewSchema,
  OpenAcademicYearBodySchema,
} from '../../schemas/academic-year';
import { defineRoute } from '../route';

/**
 * The new academic year (Rollbook additions): a preview, then the change itself. Institution-wide,
 * so only admins who are institution admins may call them (a branch admin gets 403).
 */
export const academicYearRoutes = {
  getNewYearPreview: defineRoute({
    id: 'academicYear.getNewYearPreview',
    method: 'GET',
    path: '/institution/academic-year/preview',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(AcademicYearPreviewSchema),
    responseKind: 'envelope',
    summary: 'What opening the next academic year would do (institution admins)',
    description: [
      "The current year is the institution's active academic term, or else the earliest academic year of its active",
      'semesters. Opening the next one creates, for every stream, the same semester numbers again plus the next number',
      "of each (up to the stream's final semester, the highest number it has in any year), dates moved on by whole",
      'years; a semester of the new year that exists already (imported ahead) is kept. Every active student moves up',
      "one semester; students of a stream's final semester graduate. `blockers` lists every reason it cannot be done now.",
    ].join(' '),
    section: 'Rollbook',
  }),
  openNewYear: defineRoute({
    id: 'academicYear.openNewYear',
    method: 'POST',
    path: '/institution/academic-year/open',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    body: OpenAcademicYearBodySchema,
    response: envelopeSchema(AcademicYearOpenedSchema),
    responseKind: 'envelope',
    summary: 'Open the next academic year, as previewed, in one transaction (institution admins)',
    description: [
      '`academic_year` is the year to open, as the preview named it. In one transaction: the new semesters are created',
      '(subjects not locked, no deadline, no divisions), every active student moves up one semester, final-semester',
      'students are marked graduated (never deleted), the old semesters and their weekly lectures become inactive;',
      'past divisions, sessions and attendance stay readable. 409 when the year is already open (a second confirm',
      'changes nothing), when the preview is out of date, or when a blocker applies.',
    ].join(' '),
    section: 'Rollbook',
  }),
} as const;
