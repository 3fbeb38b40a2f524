import { envelopeSchema } from '../../envelope';
import { DivisionsResetSchema } from '../../schemas/academic-year';
import { slugParams } from '../../schemas/common';
import { defineRoute } from '../route';

/** Re-planning a semester's divisions (a Rollbook addition: in the original they are final). */
export const divisionResetRoutes = {
  resetDivisions: defineRoute({
    id: 'divisions.resetDivisions',
    method: 'POST',
    path: '/institution/divisions/reset/{semester_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    params: slugParams('semester_slug'),
    response: envelopeSchema(DivisionsResetSchema),
    responseKind: 'envelope',
    summary:
      "Discard a semester's divisions to plan them again, while none of its lectures has had a session",
    description: [
      "Deletes the semester's divisions with their batches, memberships, timetables and weekly lectures, and its teacher",
      "load allocation (proposed or confirmed), and unfreezes the students' elective choices; the semester then plans",
      'divisions again like one that never had any. Refused with 409 once any lecture of the semester has had a session',
      '(started or ended), and 409 when it has no divisions.',
    ].join(' '),
    section: 'Rollbook',
  }),
} as const;
