import { z } from 'zod';
import { ROLES } from '../../constants';
import { envelopeSchema } from '../../envelope';
import { bytesSchema, slugField } from '../../schemas/common';
import {
  AttendanceReviewSchema,
  ChallengeAnswerSchema,
  ChallengeRequestBodySchema,
  ResolveReviewBodySchema,
  ServerTimeSchema,
} from '../../schemas/session-review';
import { defineRoute } from '../route';

const reviewParams = z.object({
  session_id: slugField('session_id'),
  attendance_slug: slugField('attendance_slug'),
});

/**
 * Server-anchored time and the teacher's review of attendances the server could not judge:
 * Rollbook additions outside the original contract (old clients never call them; see
 * docs/decisions/sessions-0003-server-anchored-time-and-review.md).
 */
export const sessionReviewRoutes = {
  getServerTime: defineRoute({
    id: 'sessions.getServerTime',
    method: 'GET',
    path: '/sessions/server_time',
    auth: 'bearer',
    roles: ROLES,
    bodyKind: 'none',
    response: envelopeSchema(ServerTimeSchema),
    responseKind: 'envelope',
    summary: "The server's clock in ms since the epoch, for measuring a device's clock offset",
    section: 'Rollbook',
  }),
  issueChallenge: defineRoute({
    id: 'sessions.issueChallenge',
    method: 'POST',
    path: '/sessions/challenge',
    auth: 'bearer',
    roles: ['student'],
    bodyKind: 'json',
    body: ChallengeRequestBodySchema,
    response: envelopeSchema(ChallengeAnswerSchema),
    responseKind: 'envelope',
    summary:
      "A single-use two-way challenge for your next marking attempt (null when your institution doesn't use it)",
    section: 'Rollbook',
  }),
  listReviews: defineRoute({
    id: 'sessions.listReviews',
    method: 'GET',
    path: '/sessions/{session_id}/reviews',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    params: z.object({ session_id: slugField('session_id') }),
    response: envelopeSchema(z.array(AttendanceReviewSchema)),
    responseKind: 'envelope',
    summary: 'Attendances of one of your sessions sent to your review, pending or resolved',
    section: 'Rollbook',
  }),
  getReviewRecording: defineRoute({
    id: 'sessions.getReviewRecording',
    method: 'GET',
    path: '/sessions/{session_id}/reviews/{attendance_slug}/recording',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'none',
    params: reviewParams,
    response: bytesSchema('a recording'),
    responseKind: 'binary',
    summary: "The student's recording of an attendance sent to your review (WAV)",
    section: 'Rollbook',
  }),
  resolveReview: defineRoute({
    id: 'sessions.resolveReview',
    method: 'POST',
    path: '/sessions/{session_id}/reviews/{attendance_slug}',
    auth: 'bearer',
    roles: ['teacher'],
    bodyKind: 'json',
    params: reviewParams,
    body: ResolveReviewBodySchema,
    response: envelopeSchema(AttendanceReviewSchema),
    responseKind: 'envelope',
    summary: 'Accept (present) or reject (absent) an attendance sent to your review; audited',
    section: 'Rollbook',
  }),
} as const;
