import {
  CLASSROOM_FAR_FROM_CAMPUS_M,
  type CampusPoint,
  type ClassroomBody,
  type InstitutionBranch,
  type InstitutionClassroom,
  type InstitutionClassroomList,
} from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../db/errors';
import { campusDistance } from './campus-distance';
import { isInstitutionAdmin, requireInstitutionAdmin } from '../../domain/institution-admin';
import {
  createClassroomsRepository,
  type BranchRow,
  type ClassroomRow,
  type ClassroomValues,
} from './classrooms.repository';
import { createSettingsRepository } from './settings.repository';

const CLASSROOM_EDITORS_ONLY =
  'Only an institution admin can add or edit classrooms; branch admins can only read them';

export type ClassroomsServiceDeps = Pick<AppDeps, 'db'>;

const branchWire = (b: BranchRow): InstitutionBranch => ({
  slug: b.slug,
  branch_name: b.name,
  branch_code: b.code,
});

async function campusOf(db: DbOrTx, institutionId: number): Promise<CampusPoint | null> {
  const row = await createSettingsRepository(db).settingsOf(institutionId);
  if (!row || row.campusLatitude === null || row.campusLongitude === null) return null;
  return { latitude: row.campusLatitude, longitude: row.campusLongitude };
}

function classroomWire(
  room: ClassroomRow,
  branchIds: readonly number[],
  branchesById: ReadonlyMap<number, BranchRow>,
  campus: CampusPoint | null,
): InstitutionClassroom {
  const roomBranches = branchIds
    .map((id) => branchesById.get(id))
    .filter((b): b is BranchRow => b !== undefined)
    .sort((a, b) => a.code.localeCompare(b.code));
  return {
    slug: room.slug,
    name: room.name,
    kind: room.kind,
    latitude: room.latitude,
    longitude: room.longitude,
    radius_m: room.radiusM,
    capacity: room.capacity,
    branches: roomBranches.map(branchWire),
    ...campusDistance(campus, room),
  };
}

/**
 * The branches a body names, by code (ignoring case); none named means every branch of the
 * institution. An unknown code is refused with the codes that exist, and nothing is written.
 */
function resolveBranches(codes: readonly string[], all: readonly BranchRow[]): BranchRow[] {
  if (codes.length === 0) return [...all];
  const byCode = new Map(all.map((b) => [b.code.toUpperCase(), b]));
  const unknown = codes.filter((c) => !byCode.has(c.toUpperCase()));
  if (unknown.length > 0) {
    const known = all.map((b) => b.code).join(', ') || 'none yet';
    const message = `Unknown branch code${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}: this institution's branches are ${known}`;
    throw new AppError('validation_failed', message, { issues: [{ path: 'branch_codes', message }] });
  }
  return [...new Map(codes.map((c) => [c.toUpperCase(), byCode.get(c.toUpperCase())!])).values()];
}

const valuesOf = (body: ClassroomBody): ClassroomValues => ({
  name: body.name,
  kind: body.kind,
  latitude: body.latitude,
  longitude: body.longitude,
  radiusM: body.radius_m,
  capacity: body.capacity,
});

const duplicateName = (name: string) =>
  conflict(`A classroom named "${name}" already exists in this institution: choose another name`);

/** What the audit trail keeps of a room: its columns and its branch codes. */
function auditValues(values: ClassroomValues, branchRows: readonly BranchRow[]) {
  return { ...values, branchCodes: branchRows.map((b) => b.code).sort() };
}

/**
 * The institution's classrooms and labs: every admin of the institution reads them with their
 * distance from the campus point; institution admins add and edit them (audited).
 */
export function createClassroomsService(deps: ClassroomsServiceDeps) {
  /** Runs a write one at a time per institution (the institution row's lock) and maps a lost name race. */
  async function write<T>(auth: AuthContext, name: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await deps.db.transaction(async (tx) => {
        await createSettingsRepository(tx).lockedSettingsOf(auth.institutionId);
        return work(tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateName(name);
      throw err;
    }
  }

  /** Stores a written room's branches and its trail entry, and answers the room as the page shows it. */
  async function saved(
    tx: DbOrTx,
    auth: AuthContext,
    room: ClassroomRow,
    chosen: readonly BranchRow[],
    all: readonly BranchRow[],
    trail: { action: 'classroom.created' | 'classroom.updated'; detail: Record<string, unknown> },
  ): Promise<InstitutionClassroom> {
    const branchIds = chosen.map((b) => b.id);
    await createClassroomsRepository(tx).replaceBranches(room.id, branchIds);
    await audit(tx, {
      institutionId: auth.institutionId,
      actorProfileId: auth.profileId,
      entityType: 'classroom',
      entitySlug: room.slug,
      ...trail,
    });
    const byId = new Map(all.map((b) => [b.id, b]));
    return classroomWire(room, branchIds, byId, await campusOf(tx, auth.institutionId));
  }

  return {
    async list(auth: AuthContext): Promise<InstitutionClassroomList> {
      const repo = createClassroomsRepository(deps.db);
      const [rooms, branchRows, campus, editable] = await Promise.all([
        repo.classroomsOf(auth.institutionId),
        repo.branchesOf(auth.institutionId),
        campusOf(deps.db, auth.institutionId),
        isInstitutionAdmin(deps.db, auth),
      ]);
      const branchIds = await repo.branchIdsOf(rooms.map((r) => r.id));
      const byId = new Map(branchRows.map((b) => [b.id, b]));
      return {
        campus,
        far_from_campus_m: CLASSROOM_FAR_FROM_CAMPUS_M,
        classrooms: rooms.map((r) => classroomWire(r, branchIds.get(r.id) ?? [], byId, campus)),
        branches: branchRows.map(branchWire),
        editable,
      };
    },

    async create(auth: AuthContext, body: ClassroomBody): Promise<InstitutionClassroom> {
      await requireInstitutionAdmin(deps.db, auth, CLASSROOM_EDITORS_ONLY);
      return write(auth, body.name, async (tx) => {
        const repo = createClassroomsRepository(tx);
        const all = await repo.branchesOf(auth.institutionId);
        const chosen = resolveBranches(body.branch_codes, all);
        if (await repo.classroomNamed(auth.institutionId, body.name)) throw duplicateName(body.name);
        const values = valuesOf(body);
        const room = await repo.insertClassroom(auth.institutionId, values);
        return saved(tx, auth, room, chosen, all, {
          action: 'classroom.created',
          detail: { after: auditValues(values, chosen) },
        });
      });
    },

    async update(auth: AuthContext, slug: string, body: ClassroomBody): Promise<InstitutionClassroom> {
      await requireInstitutionAdmin(deps.db, auth, CLASSROOM_EDITORS_ONLY);
      return write(auth, body.name, async (tx) => {
        const repo = createClassroomsRepository(tx);
        const current = await repo.classroomBySlug(auth.institutionId, slug);
        if (!current) throw notFound('Classroom');
        const all = await repo.branchesOf(auth.institutionId);
        const byId = new Map(all.map((b) => [b.id, b]));
        const chosen = resolveBranches(body.branch_codes, all);
        if (await repo.classroomNamed(auth.institutionId, body.name, current.id)) {
          throw duplicateName(body.name);
        }
        const currentBranches = ((await repo.branchIdsOf([current.id])).get(current.id) ?? [])
          .map((id) => byId.get(id))
          .filter((b): b is BranchRow => b !== undefined);
        const { id: _id, slug: _slug, ...currentValues } = current;
        const before = auditValues(currentValues, currentBranches);
        const values = valuesOf(body);
        const after = auditValues(values, chosen);
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
          (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
        );
        // Saving the dialog unchanged writes nothing, so the trail lists only real changes.
        if (changed.length === 0) {
          return classroomWire(
            current,
            currentBranches.map((b) => b.id),
            byId,
            await campusOf(tx, auth.institutionId),
          );
        }
        const room = await repo.updateClassroom(current.id, values);
        return saved(tx, auth, room, chosen, all, {
          action: 'classroom.updated',
          detail: {
            before: Object.fromEntries(changed.map((k) => [k, before[k]])),
            after: Object.fromEntries(changed.map((k) => [k, after[k]])),
          },
        });
      });
    },
  };
}
