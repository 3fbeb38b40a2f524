import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokenPayloadSchema } from '@rollbook/contract';
import { call, useTestApp } from '../../testing/test-app';
import { buildBranch, buildInstitution, buildProfile, TEST_PASSWORD } from '../../testing/factories';

const t = useTestApp();

async function signIn(email: string) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/auth/api/login/',
    body: { email, password: TEST_PASSWORD, device_id: null },
  });
  expect(res.status).toBe(200);
  // What every client reads: the contract's own payload schema accepts it.
  return AccessTokenPayloadSchema.parse(decodeJwt(res.body.access as string));
}

describe('an institution admin with no branch of their own', () => {
  it('signs in while the institution has no branch yet (its first admin, before the set-up)', async () => {
    const institution = await buildInstitution(t.db);
    const registrar = await buildProfile(t.db, {
      role: 'admin',
      institutionId: institution.id,
      institutionAdmin: true,
    });
    const payload = await signIn(registrar.email);
    expect(payload.obj).toEqual({
      id: registrar.id,
      profile: { name: 'Test Person', email: registrar.email, role: 'admin' },
    });
  });

  it("names the institution's first branch once there is one", async () => {
    const institution = await buildInstitution(t.db);
    const registrar = await buildProfile(t.db, {
      role: 'admin',
      institutionId: institution.id,
      institutionAdmin: true,
    });
    const ce = await buildBranch(t.db, {
      institutionId: institution.id,
      name: 'Computer Engineering',
      code: '07',
    });
    await buildBranch(t.db, { institutionId: institution.id, name: 'Information Technology', code: '16' });
    const payload = await signIn(registrar.email);
    expect(payload.obj).toMatchObject({ branch: { branch_name: 'Computer Engineering', slug: ce.slug } });
  });

  it('a branch admin without a branch still gets none (only institution admins see every branch)', async () => {
    const institution = await buildInstitution(t.db);
    await buildBranch(t.db, { institutionId: institution.id });
    const admin = await buildProfile(t.db, { role: 'admin', institutionId: institution.id });
    expect('branch' in (await signIn(admin.email)).obj).toBe(false);
  });
});
