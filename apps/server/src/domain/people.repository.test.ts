import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../db/schema';
import { useTestApp } from '../testing/test-app';
import { buildAdmin, buildBranch, buildCollege, buildOtherInstitution } from '../testing/factories';
import { createPeopleRepository } from './people.repository';

const t = useTestApp();

describe('the branches an admin administers', () => {
  it('are every branch of the institution for an institution admin, including ones added later', async () => {
    const { institutionId, ce, it: itBranch } = await buildCollege(t.db);
    const other = await buildOtherInstitution(t.db);
    const registrar = await buildAdmin(t.db, { institutionId, branchId: ce.id });
    await t.db.update(profiles).set({ institutionAdmin: true }).where(eq(profiles.id, registrar.profile.id));
    const people = createPeopleRepository(t.db);

    expect(await people.adminBranchIds(registrar.profile.id, institutionId)).toEqual([ce.id, itBranch.id]);
    const civil = await buildBranch(t.db, { institutionId, name: 'Civil Engineering', code: '06' });
    expect(await people.adminBranchIds(registrar.profile.id, institutionId)).toEqual([
      ce.id,
      itBranch.id,
      civil.id,
    ]);
    // Never another institution's, even when asked with its id.
    expect(await people.adminBranchIds(registrar.profile.id, other.institution.id)).toEqual([]);
    expect(await people.adminBranchIds(registrar.profile.id, institutionId)).not.toContain(other.branch.id);
  });

  it('are only the assigned branches for a branch admin', async () => {
    const { institutionId, ce } = await buildCollege(t.db);
    const admin = await buildAdmin(t.db, { institutionId, branchId: ce.id });
    await buildBranch(t.db, { institutionId, name: 'Civil Engineering', code: '06' });
    expect(await createPeopleRepository(t.db).adminBranchIds(admin.profile.id, institutionId)).toEqual([
      ce.id,
    ]);
  });
});
