import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { adminBranches, auditLog, institutions, profiles } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { buildAdmin, buildBranch, buildInstitution } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { addBranchAdmin, createInstitution, isTimeZone, temporaryPassword } from './institution-setup';

const t = useTestApp();

const gec = {
  name: 'Government Engineering College',
  code: 'GEC',
  timezone: 'Asia/Kolkata',
  adminEmail: ' Registrar@GEC.example ',
  adminName: 'Anita Desai',
};

describe('creating an institution', () => {
  it('creates it with an institution admin on a temporary password, answered once and stored hashed', async () => {
    const created = await createInstitution(t.db, gec);

    expect(created.institution).toMatchObject({ code: 'GEC', timezone: 'Asia/Kolkata' });
    const [admin] = await t.db.select().from(profiles).where(eq(profiles.email, 'registrar@gec.example'));
    expect(admin).toMatchObject({
      role: 'admin',
      name: 'Anita Desai',
      institutionAdmin: true,
      mustChangePassword: true,
    });
    expect(await verifyPassword(admin!.passwordHash, created.admin.temporaryPassword)).toBe(true);
    expect(admin!.passwordHash).not.toContain(created.admin.temporaryPassword);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action).sort()).toEqual(['admin.create', 'institution.create']);
  });

  it('refuses a code already taken in any case, an email in use, a bad zone or code, writing nothing', async () => {
    await buildInstitution(t.db, { code: 'gec' });
    await expect(createInstitution(t.db, gec)).rejects.toThrow('An institution with code gec already exists');
    await buildAdmin(t.db, { email: 'registrar@gec.example' });
    await expect(createInstitution(t.db, { ...gec, code: 'GEC2' })).rejects.toThrow(
      'registrar@gec.example already signs in to Rollbook; choose another email',
    );
    await expect(createInstitution(t.db, { ...gec, code: 'GEC3', timezone: 'India' })).rejects.toThrow(
      '"India" is not a time zone',
    );
    await expect(createInstitution(t.db, { ...gec, code: 'G E C' })).rejects.toThrow('"G E C" is not a code');
    await expect(createInstitution(t.db, { ...gec, code: 'GEC4', adminEmail: 'registrar' })).rejects.toThrow(
      '"registrar" is not an email address',
    );
    expect((await t.db.select({ n: count() }).from(institutions))[0]!.n).toBe(2);
  });

  it('stores a zone typed in lower case as IANA spells it', async () => {
    // A zone typed in lower case is stored as IANA spells it.
    const lower = await createInstitution(t.db, {
      ...gec,
      code: 'GEC4',
      timezone: 'asia/kolkata',
      adminEmail: 'registrar@gec4.example',
    });
    expect(lower.institution.timezone).toBe('Asia/Kolkata');
    const [stored] = await t.db.select().from(institutions).where(eq(institutions.code, 'GEC4'));
    expect(stored?.timezone).toBe('Asia/Kolkata');
  });

  it('knows IANA time zones and makes temporary passwords that meet the password rule', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+05:30')).toBe(false);
    const passwords = new Set(Array.from({ length: 50 }, () => temporaryPassword()));
    expect(passwords.size).toBe(50);
    for (const p of passwords)
      expect(p).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
  });
});

describe('adding a branch admin', () => {
  it('adds an admin of the named branch with a temporary password', async () => {
    const institution = await buildInstitution(t.db, { code: 'GEC' });
    const branch = await buildBranch(t.db, { institutionId: institution.id, code: '07' });
    const added = await addBranchAdmin(t.db, {
      institutionCode: 'gec',
      email: 'Head.CE@gec.example',
      name: 'Vikram Rao',
      branchCode: '07',
    });
    expect(added).toMatchObject({ email: 'head.ce@gec.example', branch: '07' });
    const [admin] = await t.db.select().from(profiles).where(eq(profiles.email, 'head.ce@gec.example'));
    expect(admin).toMatchObject({
      institutionAdmin: false,
      mustChangePassword: true,
      institutionId: institution.id,
    });
    const links = await t.db.select().from(adminBranches).where(eq(adminBranches.profileId, admin!.id));
    expect(links.map((l) => l.branchId)).toEqual([branch.id]);
  });

  it('names what is wrong: no such institution, no such branch (listing the codes), email taken', async () => {
    const institution = await buildInstitution(t.db, { code: 'GEC' });
    await buildBranch(t.db, { institutionId: institution.id, code: '07' });
    const input = { institutionCode: 'GEC', email: 'x@gec.example', name: 'X', branchCode: '07' };
    await expect(addBranchAdmin(t.db, { ...input, institutionCode: 'NOPE' })).rejects.toThrow(
      'No institution has the code NOPE',
    );
    await expect(addBranchAdmin(t.db, { ...input, branchCode: '99' })).rejects.toThrow(
      'GEC has no branch 99; its branches are 07',
    );
    await buildAdmin(t.db, { email: 'x@gec.example' });
    await expect(addBranchAdmin(t.db, input)).rejects.toThrow('x@gec.example already signs in to Rollbook');
  });
});
