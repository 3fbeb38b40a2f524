import { z } from 'zod';
import { envelopeSchema } from '../../envelope';
import {
  AllocationContextSchema,
  AllocationTermQuerySchema,
  ConfirmSubjectAllocationBodySchema,
  SetTeacherMaxHoursBodySchema,
  TeacherAllocationRowSchema,
  TeacherMaxHoursSchema,
  TimetableDisagreementsSchema,
} from '../../schemas/allocation';
import { ExcelFileSchema } from '../../schemas/common';
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
    // Rollbook addition: `term` for a past term's allocation; the original client sends none.
    query: AllocationTermQuerySchema,
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

/**
 * Rollbook additions to teacher load allocation, outside the original contract (so not in
 * ROUTES_TABLE, and old clients never call them): the spreadsheet of the confirmed allocation and
 * the admin's per-teacher weekly maximum, which the contract has no call for.
 */
export const allocationExtensionRoutes = {
  getAllocationExcel: defineRoute({
    id: 'allocation.getAllocationExcel',
    method: 'GET',
    path: '/allocation/get_allocation_excel',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    query: AllocationTermQuerySchema,
    response: envelopeSchema(ExcelFileSchema),
    responseKind: 'envelope',
    summary: 'Spreadsheet of the confirmed allocation: teacher loads, every unit, hours left unallocated',
    section: 'Rollbook',
  }),
  setTeacherMaxHours: defineRoute({
    id: 'allocation.setTeacherMaxHours',
    method: 'POST',
    path: '/allocation/set_teacher_max_hours/',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'json',
    body: SetTeacherMaxHoursBodySchema,
    response: envelopeSchema(TeacherMaxHoursSchema),
    responseKind: 'envelope',
    summary:
      "Set a teacher's weekly maximum (null: the institution default); unconfirmed proposals are redone",
    section: 'Rollbook',
  }),
  getTimetableDisagreements: defineRoute({
    id: 'allocation.getTimetableDisagreements',
    method: 'GET',
    path: '/allocation/get_timetable_disagreements',
    auth: 'bearer',
    roles: ['admin'],
    bodyKind: 'none',
    response: envelopeSchema(TimetableDisagreementsSchema),
    responseKind: 'envelope',
    summary:
      'Master-timetable lectures whose teacher is not one the confirmed allocation gives that subject in that division',
    section: 'Rollbook',
  }),
} as const;
