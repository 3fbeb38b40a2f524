import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import {
  AllocationContextSchema,
  ConfirmSubjectAllocationBodySchema,
  TeacherAllocationRowSchema,
} from '../../schemas/allocation';
import { defineRoute } from '../route';

/** Teacher load allocation (contract §10.10). */
export const allocationRoutes = {
  getSubjectAllocationContext: defineRoute({
    id: 'allocation.getSubjectAllocationContext',
    method: 'GET',
    path: '/manage/get_subject_allocation_context',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(AllocationContextSchema),
    responseKind: 'envelope',
    summary: 'The proposed subject/teacher load allocation with its totals',
    section: '10.10',
  }),
  resetSubjectAllocationContext: defineRoute({
    id: 'allocation.resetSubjectAllocationContext',
    method: 'POST',
    path: '/manage/rest_subject_allocation_context/',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(z.literal(true)),
    responseKind: 'envelope',
    summary: 'Discard the allocation and recompute it',
    section: '10.10',
  }),
  confirmSubjectAllocation: defineRoute({
    id: 'allocation.confirmSubjectAllocation',
    method: 'POST',
    path: '/manage/confirm_subject_allocation/',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    body: ConfirmSubjectAllocationBodySchema,
    response: envelopeSchema(z.literal(true)),
    responseKind: 'envelope',
    summary: 'Save the admin-edited allocation',
    section: '10.10',
  }),
  getTeachersAllocation: defineRoute({
    id: 'allocation.getTeachersAllocation',
    method: 'GET',
    path: '/manage/get_teachers_allocation',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    response: envelopeSchema(z.array(TeacherAllocationRowSchema)),
    responseKind: 'envelope',
    summary: "The caller's allocated hours per subject and co-teachers",
    section: '10.10',
  }),
} as const;
