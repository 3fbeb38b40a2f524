import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClassroomInput } from '@rollbook/contract';
import { auditLog, classroomBranches, classrooms, institutions } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import {
  api,
  auditOf,
  buildInstitutionWorld,
  CAMPUS,
  type InstitutionWorld,
} from './testing/institution-world';

const t = useTestApp();
const URL = '/institution/classrooms';

// About 55 m east of the campus point, and a room whose latitude lost a digit (~2.3 km north).
const NEAR = { latitude: CAMPUS.latitude, longitude: 72.5466 };
const FAR = { latitude: 23.0545, longitude: CAMPUS.longitude };

const lh101: ClassroomInput = {
  name: 'LH101',
  kind: 'classroom',
  ...NEAR,
  radius_m: 100,
  capacity: 80,
  branch_codes: ['07'],
};

let w: InstitutionWorld;
beforeEach(async () => {
  w = await buildInstitutionWorld(t.app, t.db);
});

async function create(body: unknown, token = w.tokens.registrar) {
  return api(t.app, token, 'POST', URL, body);
}

/** Every classroom row with its branch ids, to prove a refused call wrote nothing. */
async function snapshot() {
  return {
    rooms: await t.db.select().from(classrooms).orderBy(classrooms.id),
    links: await t.db.select().from(classroomBranches),
    audit: await t.db.select().from(auditLog),
  };
}

describe('POST /api/institution/classrooms (add)', () => {
  it('adds a room for an institution admin, with its branches, its distance from the campus point, audited', async () => {
    const res = await create(lh101);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      slug: expect.any(String),
      name: 'LH101',
      kind: 'classroom',
      ...NEAR,
      radius_m: 100,
      capacity: 80,
      branches: [{ slug: w.ce.slug, branch_name: 'Computer Engineering', branch_code: '07' }],
      distance_m: 51,
      far_from_campus: false,
    });
    const [row] = await t.db.select().from(classrooms);
    expect(row).toMatchObject({ institutionId: w.institutionId, name: 'LH101', radiusM: 100 });
    const [entry] = await auditOf(t.db, 'classroom.created');
    expect(entry).toMatchObject({ entitySlug: res.body.data.slug, institutionId: w.institutionId });
    expect(entry!.detail).toEqual({
      after: {
        name: 'LH101',
        kind: 'classroom',
        ...NEAR,
        radiusM: 100,
        capacity: 80,
        branchCodes: ['07'],
      },
    });
  });

  it('gives a room every branch when none is named, and accepts an unknown capacity', async () => {
    const res = await create({ ...lh101, name: 'LAB1', kind: 'lab', capacity: null, branch_codes: [] });
    expect(res.status).toBe(200);
    expect(res.body.data.branches.map((b: { branch_code: string }) => b.branch_code)).toEqual(['07', '16']);
    expect(res.body.data.capacity).toBeNull();
  });

  it('refuses a name already used in the institution, ignoring case (409), and writes nothing', async () => {
    await create(lh101);
    const before = await snapshot();
    const res = await create({ ...lh101, name: ' lh101 ' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ data: null, error: true });
    expect(res.body.message).toMatch(/A classroom named "lh101" already exists/);
    expect(await snapshot()).toEqual(before);
  });

  it('lets two institutions use the same room name', async () => {
    expect((await create(lh101)).status).toBe(200);
    expect((await create({ ...lh101, branch_codes: [] }, w.tokens.otherRegistrar)).status).toBe(200);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await snapshot();
    const cases: [Partial<Record<keyof ClassroomInput, unknown>>, RegExp][] = [
      [{ name: '' }, /name must not be empty/],
      [{ kind: 'hall' }, /kind must be classroom or lab/],
      [{ latitude: 91 }, /Latitude must be between -90 and 90/],
      [{ longitude: -180.5 }, /Longitude must be between -180 and 180/],
      [{ radius_m: 5 }, /radius must be between 10 and 1000 metres/],
      [{ radius_m: 1500 }, /radius must be between 10 and 1000 metres/],
      [{ capacity: 0 }, /capacity must be a positive number/],
      [{ capacity: -3 }, /capacity must be a positive number/],
      [{ branch_codes: ['07', '99'] }, /Unknown branch code 99: this institution's branches are 07, 16/],
      [{ branch_codes: 'all' }, /branches must be a list of branch codes/],
    ];
    for (const [patch, message] of cases) {
      const res = await create({ ...lh101, ...patch });
      expect({ patch, status: res.status }).toEqual({ patch, status: 400 });
      expect(res.body).toMatchObject({ data: null, error: true });
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another institution's branch codes", async () => {
    const other = await create({ ...lh101, branch_codes: ['16'] }, w.tokens.otherRegistrar);
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/Unknown branch code 16: this institution's branches are 07$/);
  });

  it('refuses a branch admin (403, saying who may), teachers and students, and writes nothing', async () => {
    const before = await snapshot();
    const branch = await create(lh101, w.tokens.branchAdmin);
    expect(branch.status).toBe(403);
    expect(branch.body.message).toMatch(/Only an institution admin can add or edit classrooms/);
    for (const token of [w.tokens.teacher, w.tokens.student]) {
      expect((await create(lh101, token)).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/institution/classrooms/{classroom_slug} (edit)', () => {
  it('edits a room and its branches, auditing what changed before and after', async () => {
    const { slug } = (await create(lh101)).body.data;
    const res = await api(t.app, w.tokens.registrar, 'POST', `${URL}/${slug}`, {
      ...lh101,
      name: 'LH-101',
      radius_m: 60,
      branch_codes: ['07', '16'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug, name: 'LH-101', radius_m: 60 });
    expect(res.body.data.branches.map((b: { branch_code: string }) => b.branch_code)).toEqual(['07', '16']);
    const [entry, ...more] = await auditOf(t.db, 'classroom.updated');
    expect(more).toEqual([]);
    expect(entry!.detail).toEqual({
      before: { name: 'LH101', radiusM: 100, branchCodes: ['07'] },
      after: { name: 'LH-101', radiusM: 60, branchCodes: ['07', '16'] },
    });

    // The same values again: nothing to change, nothing audited.
    await api(t.app, w.tokens.registrar, 'POST', `${URL}/${slug}`, {
      ...lh101,
      name: 'LH-101',
      radius_m: 60,
      branch_codes: ['16', '07'],
    });
    expect(await auditOf(t.db, 'classroom.updated')).toHaveLength(1);
  });

  it('keeps its own name (any case) but refuses the name of another room (409), writing nothing', async () => {
    const { slug } = (await create(lh101)).body.data;
    await create({ ...lh101, name: 'LH102' });
    const recased = await api(t.app, w.tokens.registrar, 'POST', `${URL}/${slug}`, {
      ...lh101,
      name: 'lh101',
    });
    expect(recased.status).toBe(200);
    const before = await snapshot();
    const taken = await api(t.app, w.tokens.registrar, 'POST', `${URL}/${slug}`, { ...lh101, name: 'LH102' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/A classroom named "LH102" already exists/);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another institution's room (and an unknown one), leaving it unchanged", async () => {
    const { slug } = (await create({ ...lh101, branch_codes: [] }, w.tokens.otherRegistrar)).body.data;
    const before = await snapshot();
    for (const target of [slug, 'no-such-room']) {
      const res = await api(t.app, w.tokens.registrar, 'POST', `${URL}/${target}`, lh101);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Classroom not found');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a branch admin (403) and bad input (400), writing nothing', async () => {
    const { slug } = (await create(lh101)).body.data;
    const before = await snapshot();
    const branch = await api(t.app, w.tokens.branchAdmin, 'POST', `${URL}/${slug}`, {
      ...lh101,
      radius_m: 50,
    });
    expect(branch.status).toBe(403);
    const bad = await api(t.app, w.tokens.registrar, 'POST', `${URL}/${slug}`, { ...lh101, radius_m: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/radius must be between 10 and 1000 metres/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/institution/classrooms', () => {
  it('lists the rooms of the caller’s institution with their distance, flagging far-away coordinates', async () => {
    await create(lh101);
    await create({ ...lh101, name: 'LAB9', kind: 'lab', ...FAR, branch_codes: ['16'] });
    await create({ ...lh101, name: 'Elsewhere', branch_codes: [] }, w.tokens.otherRegistrar);

    const res = await api(t.app, w.tokens.registrar, 'GET', URL);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ campus: CAMPUS, far_from_campus_m: 1000, editable: true });
    expect(data.branches).toEqual([
      { slug: w.ce.slug, branch_name: 'Computer Engineering', branch_code: '07' },
      { slug: w.it.slug, branch_name: 'Information Technology', branch_code: '16' },
    ]);
    expect(
      data.classrooms.map((c: { name: string; distance_m: number; far_from_campus: boolean }) => [
        c.name,
        c.distance_m,
        c.far_from_campus,
      ]),
    ).toEqual([
      ['LAB9', 2302, true],
      ['LH101', 51, false],
    ]);
  });

  it('lets a branch admin read them (not editable), and refuses teachers and students', async () => {
    await create(lh101);
    const branch = await api(t.app, w.tokens.branchAdmin, 'GET', URL);
    expect(branch.status).toBe(200);
    expect(branch.body.data.editable).toBe(false);
    expect(branch.body.data.classrooms).toHaveLength(1);
    for (const token of [w.tokens.teacher, w.tokens.student]) {
      expect((await api(t.app, token, 'GET', URL)).status).toBe(403);
    }
  });

  it('has no distance to show without a campus point', async () => {
    await create(lh101);
    await t.db
      .update(institutions)
      .set({ campusLatitude: null, campusLongitude: null })
      .where(eq(institutions.id, w.institutionId));
    const data = (await api(t.app, w.tokens.registrar, 'GET', URL)).body.data;
    expect(data.campus).toBeNull();
    expect(data.classrooms[0]).toMatchObject({ distance_m: null, far_from_campus: false });
  });
});
