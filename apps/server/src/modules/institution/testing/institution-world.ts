import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditLog, institutions, type profiles } from '../../../db/schema';
import {
  buildAdmin,
  buildBranch,
  buildCollege,
  buildInstitution,
  buildProfile,
  buildStudent,
  buildTeacher,
} from '../../../testing/factories';
import { call } from '../../../testing/test-app';
import { tokenFor } from '../../../testing/tokens';

type Profile = typeof profiles.$inferSelect;

/** The campus point of the test college (the demo's). */
export const CAMPUS = { latitude: 23.0338, longitude: 72.5461 } as const;

/**
 * A college (branches CE 07 and IT 16) with its campus point, everyone who may or may not touch its
 * set-up (an institution admin, a CE branch admin, a teacher, a student), and another institution
 * with its own institution admin and branch 07, which must never see nor be seen.
 */
export async function buildInstitutionWorld(app: FastifyInstance, db: Db) {
  const college = await buildCollege(db);
  const { institutionId } = college;
  await db
    .update(institutions)
    .set({ name: 'Test College', campusLatitude: CAMPUS.latitude, campusLongitude: CAMPUS.longitude })
    .where(eq(institutions.id, institutionId));
  const registrar = await buildProfile(db, {
    role: 'admin',
    institutionId,
    institutionAdmin: true,
    name: 'Registrar',
  });
  const branchAdmin = await buildAdmin(db, { institutionId, branchId: college.ce.id, name: 'CE Admin' });
  const teacher = await buildTeacher(db, { institutionId, branchId: college.ce.id });
  const student = await buildStudent(db, { institutionId, branchId: college.ce.id });

  const other = await buildInstitution(db, { name: 'Other College', timezone: 'Europe/Paris' });
  const otherBranch = await buildBranch(db, { institutionId: other.id, code: '07', name: 'Other CE' });
  const otherRegistrar = await buildProfile(db, {
    role: 'admin',
    institutionId: other.id,
    institutionAdmin: true,
  });

  const sign = (p: Profile) => tokenFor(app, p);
  return {
    ...college,
    other: { institution: other, branch: otherBranch },
    tokens: {
      registrar: await sign(registrar),
      branchAdmin: await sign(branchAdmin.profile),
      teacher: await sign(teacher.profile),
      student: await sign(student.profile),
      otherRegistrar: await sign(otherRegistrar),
    },
  };
}

export type InstitutionWorld = Awaited<ReturnType<typeof buildInstitutionWorld>>;

/** A JSON call to the API with a bearer token. */
export function api(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  return call(app, { method, url: `/api${url}`, token, ...(body !== undefined ? { body } : {}) });
}

/** Audit entries of one action, oldest first. */
export async function auditOf(db: Db, action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
}
