import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { buildCollege } from '../testing/factories';
import { useTestApp } from '../testing/test-app';
import { insertInvitableProfiles } from './new-profiles';

const t = useTestApp();

describe('insertInvitableProfiles', () => {
  it('adds people in the order given, each with a distinct password hash that no password matches', async () => {
    const { institutionId } = await buildCollege(t.db);
    const people = [
      { name: 'Asha Mehta', email: 'asha@college.example' },
      { name: 'Bharat Shah', email: 'bharat@college.example' },
    ];
    const added = await insertInvitableProfiles(t.db, institutionId, 'teacher', people);

    expect(added).toHaveLength(2);
    const rows = await t.db
      .select()
      .from(profiles)
      .where(
        inArray(
          profiles.id,
          added.map((a) => a.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(added.map((a) => byId.get(a.id)?.email)).toEqual(people.map((p) => p.email));
    expect(added.map((a) => byId.get(a.id)?.slug)).toEqual(added.map((a) => a.slug));
    expect(rows.every((r) => r.role === 'teacher' && r.institutionId === institutionId)).toBe(true);
    const hashes = rows.map((r) => r.passwordHash);
    expect(new Set(hashes).size).toBe(2);
    for (const hash of hashes) {
      expect(await verifyPassword(hash, '')).toBe(false);
      expect(await verifyPassword(hash, hash)).toBe(false);
    }
  });

  it('adds nobody from an empty list', async () => {
    const { institutionId } = await buildCollege(t.db);
    expect(await insertInvitableProfiles(t.db, institutionId, 'student', [])).toEqual([]);
  });
});
