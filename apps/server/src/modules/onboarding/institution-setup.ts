import { randomInt } from 'node:crypto';
import { isPersonEmail } from '@rollbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { adminBranches, branches, institutions, profiles } from '../../db/schema';
import { personName } from '../../domain/new-profiles';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { canonicalTimeZone, unknownTimeZoneMessage } from '../../lib/time-zones';
import { hashPassword, passwordProblem } from '../../lib/passwords';

const CODE = /^[A-Za-z0-9_-]{1,20}$/;
// No 0/O or 1/l/I: a temporary password is read off a screen and typed.
const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A temporary password: 14 characters in groups, with letters and digits (meets the password rule). */
export function temporaryPassword(): string {
  const all = LETTERS + DIGITS;
  for (;;) {
    const groups = Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => all[randomInt(all.length)]).join(''),
    );
    const candidate = groups.join('-');
    if (/[0-9]/.test(candidate) && /[A-Za-z]/.test(candidate) && passwordProblem(candidate) === null)
      return candidate;
  }
}

/** Whether `zone` is an IANA time zone this runtime knows, in any case (Asia/Kolkata, utc). */
export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

const bad = (message: string) => new AppError('validation_failed', message);

function checkEmail(email: string): string {
  const e = email.trim().toLowerCase();
  // The rule of every other way in (People page, sign-in, forgot password): an address it accepts
  // and they refuse could sign in but never reset its password.
  if (!isPersonEmail(e)) throw bad(`"${email}" is not an email address`);
  return e;
}

async function assertEmailFree(db: Pick<Db, 'select'>, email: string) {
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email}`)
    .limit(1);
  if (taken) throw new AppError('conflict', `${email} already signs in to Rollbook; choose another email`);
}

export interface CreatedInstitution {
  institution: { slug: string; code: string; name: string; timezone: string };
  admin: { email: string; temporaryPassword: string };
}

/**
 * Creates an institution and its first admin: an institution admin (every branch, present and
 * future) with a temporary password, so the first sign-in asks for a new one. The password is
 * answered once and stored only as a hash.
 */
export async function createInstitution(
  db: Db,
  input: { name: string; code: string; timezone: string; adminEmail: string; adminName?: string | undefined },
): Promise<CreatedInstitution> {
  const name = input.name.trim();
  const code = input.code.trim();
  if (!name || name.length > 200) throw bad('The institution name must be 1 to 200 characters');
  if (!CODE.test(code)) throw bad(`"${input.code}" is not a code; use 1 to 20 letters, digits, - or _`);
  // Stored as IANA spells it ("asia/kolkata" is Asia/Kolkata).
  const timezone = canonicalTimeZone(input.timezone);
  if (!timezone) throw bad(unknownTimeZoneMessage(input.timezone));
  const email = checkEmail(input.adminEmail);
  const adminName = personName(input.adminName ?? '') || null;
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ code: institutions.code })
        .from(institutions)
        .where(sql`upper(${institutions.code}) = ${code.toUpperCase()}`);
      if (clash) throw new AppError('conflict', `An institution with code ${clash.code} already exists`);
      await assertEmailFree(tx, email);
      const [institution] = await tx.insert(institutions).values({ name, code, timezone }).returning();
      const [admin] = await tx
        .insert(profiles)
        .values({
          institutionId: institution!.id,
          role: 'admin',
          name: adminName,
          email,
          passwordHash,
          mustChangePassword: true,
          institutionAdmin: true,
        })
        .returning();
      await audit(tx, {
        institutionId: institution!.id,
        actorProfileId: null,
        action: 'institution.create',
        entityType: 'institution',
        entitySlug: institution!.slug,
        detail: { code, name, timezone, admin: email },
      });
      await audit(tx, {
        institutionId: institution!.id,
        actorProfileId: null,
        action: 'admin.create',
        entityType: 'profile',
        entitySlug: admin!.slug,
        detail: { email, institutionAdmin: true },
      });
      return {
        institution: { slug: institution!.slug, code, name, timezone },
        admin: { email, temporaryPassword: password },
      };
    });
  } catch (err) {
    // Two commands at once: the unique indexes decide, and the loser is told plainly.
    if (isUniqueViolation(err))
      throw new AppError('conflict', `An institution with code ${code} or the admin ${email} already exists`);
    throw err;
  }
}

/** An institution by its code, any case; a clear error naming the code otherwise. */
export async function institutionByCode(db: Pick<Db, 'select'>, code: string) {
  const [row] = await db
    .select({
      id: institutions.id,
      slug: institutions.slug,
      code: institutions.code,
      name: institutions.name,
    })
    .from(institutions)
    .where(sql`upper(${institutions.code}) = ${code.trim().toUpperCase()}`);
  if (!row) throw new AppError('not_found', `No institution has the code ${code}`);
  return row;
}

/**
 * Adds an admin of one branch to an institution, with a temporary password (answered once): the
 * first sign-in asks for a new one.
 */
export async function addBranchAdmin(
  db: Db,
  input: { institutionCode: string; email: string; name: string; branchCode: string },
): Promise<{ email: string; branch: string; temporaryPassword: string }> {
  const institution = await institutionByCode(db, input.institutionCode);
  const email = checkEmail(input.email);
  const name = personName(input.name);
  if (!name || name.length > 200) throw bad('The admin name must be 1 to 200 characters');
  const rows = await db
    .select({ id: branches.id, code: branches.code })
    .from(branches)
    .where(eq(branches.institutionId, institution.id));
  const branch = rows.find((b) => b.code.toUpperCase() === input.branchCode.trim().toUpperCase());
  if (!branch) {
    const known = rows.map((b) => b.code).join(', ');
    throw new AppError(
      'not_found',
      `${institution.code} has no branch ${input.branchCode}${known ? `; its branches are ${known}` : '; import its workbook first'}`,
    );
  }
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      await assertEmailFree(tx, email);
      const [admin] = await tx
        .insert(profiles)
        .values({
          institutionId: institution.id,
          role: 'admin',
          name,
          email,
          passwordHash,
          mustChangePassword: true,
        })
        .returning();
      await tx.insert(adminBranches).values({ profileId: admin!.id, branchId: branch.id });
      await audit(tx, {
        institutionId: institution.id,
        actorProfileId: null,
        action: 'admin.create',
        entityType: 'profile',
        entitySlug: admin!.slug,
        detail: { email, branch: branch.code },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', `${email} already signs in to Rollbook`);
    throw err;
  }
  return { email, branch: branch.code, temporaryPassword: password };
}
