import { envelopeSchema } from '../../envelope';
import { slugParams } from '../../schemas/common';
import {
  ClassroomBodySchema,
  InstitutionClassroomListSchema,
  InstitutionClassroomSchema,
  InstitutionSettingsSchema,
  UpdateInstitutionSettingsBodySchema,
} from '../../schemas/institution-settings';
import { defineRoute } from '../route';

/**
 * The institution's settings (Rollbook addition, issue 15): every admin of the institution reads
 * them; only institution admins change them (a branch admin gets 403), and every change is audited.
 */
export const institutionSettingsRoutes = {
  getSettings: defineRoute({
    id: 'institutionSettings.getSettings',
    method: 'GET',
    path: '/institution/settings',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(InstitutionSettingsSchema),
    responseKind: 'envelope',
    summary: "The institution's name, time zone, campus point, session window, threshold and syllabus links",
    section: 'Rollbook',
  }),
  updateSettings: defineRoute({
    id: 'institutionSettings.updateSettings',
    method: 'POST',
    path: '/institution/settings',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    body: UpdateInstitutionSettingsBodySchema,
    response: envelopeSchema(InstitutionSettingsSchema),
    responseKind: 'envelope',
    summary: 'Change the institution settings (institution admins only; audited with before and after)',
    description:
      'A full replacement of every setting. Session start margins null fall back to the server settings ' +
      '(SESSION_START_EARLY_MINUTES / SESSION_START_LATE_MINUTES). The syllabus URL is a https URL with ' +
      '{code} where the subject code goes, used for subjects whose catalogue row has no link of its own; ' +
      'empty or null: no syllabus links.',
    section: 'Rollbook',
  }),
} as const;

/**
 * The institution's classrooms and labs (Rollbook addition, issue 15), each with its distance from
 * the campus point. Every admin reads them; only institution admins add and edit (audited).
 */
export const institutionClassroomRoutes = {
  listClassrooms: defineRoute({
    id: 'institutionClassrooms.listClassrooms',
    method: 'GET',
    path: '/institution/classrooms',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(InstitutionClassroomListSchema),
    responseKind: 'envelope',
    summary: 'Every classroom and lab of the institution with its distance from the campus point',
    section: 'Rollbook',
  }),
  createClassroom: defineRoute({
    id: 'institutionClassrooms.createClassroom',
    method: 'POST',
    path: '/institution/classrooms',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    body: ClassroomBodySchema,
    response: envelopeSchema(InstitutionClassroomSchema),
    responseKind: 'envelope',
    summary: 'Add a classroom or lab (institution admins only; audited)',
    description:
      'The name is unique in the institution (ignoring case); branch_codes empty means every branch.',
    section: 'Rollbook',
  }),
  updateClassroom: defineRoute({
    id: 'institutionClassrooms.updateClassroom',
    method: 'POST',
    path: '/institution/classrooms/{classroom_slug}',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    params: slugParams('classroom_slug'),
    body: ClassroomBodySchema,
    response: envelopeSchema(InstitutionClassroomSchema),
    responseKind: 'envelope',
    summary: 'Edit a classroom or lab (institution admins only; audited with before and after)',
    section: 'Rollbook',
  }),
} as const;
