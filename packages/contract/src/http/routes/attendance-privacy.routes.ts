import { envelopeSchema } from '../../envelope';
import { AttendancePrivacySchema } from '../../schemas/attendance-privacy';
import { defineRoute } from '../route';

/**
 * What a student's attendance keeps and for how long: a Rollbook addition (not in ROUTES_TABLE), read
 * by the student's attendance page to say so in words.
 */
export const attendancePrivacyRoutes = {
  getPrivacy: defineRoute({
    id: 'attendance.getPrivacy',
    method: 'GET',
    path: '/attendance/privacy',
    auth: 'bearer',
    roles: ['student'],
    bodyKind: 'none',
    response: envelopeSchema(AttendancePrivacySchema),
    responseKind: 'envelope',
    summary: 'How many days your recordings and exact positions are kept before they are deleted',
    section: 'Rollbook',
  }),
};
