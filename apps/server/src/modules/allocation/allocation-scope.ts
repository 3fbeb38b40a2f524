import type { UnitAssignment } from '@rollbook/planner';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import { createScope, type SemesterScope } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import type { OfferedRow } from '../../domain/subjects/subject-rows';
import { createAllocationRepository, type AllocationRecord, type TeacherRow } from './allocation.repository';
import type { PoolTeacher } from './allocation-wire';
import { pastTermSemesters, withDivisions } from './allocation-terms';
import { buildUnits, type UnitRef } from './teaching-units';
import { assignmentsFromRecords } from './unit-assignments';

/** Everything one admin's allocation is made of, read in one go. */
export interface AllocationScope {
  institutionId: number;
  branchIds: number[];
  /**
   * Active semesters of the admin's branches that have divisions (planned), by number; for a past
   * term, that term's closed semesters that kept an allocation.
   */
  semesters: SemesterScope[];
  /** A past term's allocation: read only, and no load elsewhere counts against it. */
  past: boolean;
  confirmed: Set<number>;
  subjects: OfferedRow[];
  units: UnitRef[];
  teachers: PoolTeacher[];
  records: AllocationRecord[];
}

/**
 * Reads an admin's allocation scope: the planned semesters of their branches (active, with
 * divisions; or, with `pastTerm`, that past term's closed semesters that kept an allocation), the teaching units of those divisions and batches, the teachers who may take load
 * (teachers of the branches, plus any teacher of the institution who ranked one of the subjects)
 * with their saved priorities, weekly maximum and confirmed load elsewhere, and the stored rows.
 * Writers pass their transaction, after taking the allocation lock, so their checks see settled data.
 */
export async function loadAllocationScope(
  db: Db,
  auth: AuthContext,
  pastTerm?: string,
): Promise<AllocationScope> {
  const scope = createScope(db);
  const repo = createAllocationRepository(db);
  const catalogue = createCatalogueRepository(db);
  const branchIds = await scope.branchIdsOf(auth);
  const mine = await scope.semestersOf(auth);
  const candidates =
    pastTerm === undefined ? mine.filter((s) => s.isActive) : await pastTermSemesters(db, mine, pastTerm);
  const { semesters, divisions } = await withDivisions(repo, candidates);
  const semesterIds = semesters.map((s) => s.id);
  const subjects = (await catalogue.offeredOfSemesters(semesterIds)).sort(
    (a, b) =>
      semesterIds.indexOf(a.semesterId) - semesterIds.indexOf(b.semesterId) ||
      a.ordering - b.ordering ||
      a.offeredId - b.offeredId,
  );
  const divisionIds = divisions.map((d) => d.id);
  const batches = await repo.batchesOf(divisionIds);
  // One query at a time: inside a transaction they share one connection.
  const subjectBatches = await repo.subjectBatchLinks(batches.map((b) => b.id));
  const divisionElectives = await repo.electivesByDivision(divisionIds);
  const units = buildUnits({ subjects, divisions, batches, subjectBatches, divisionElectives });

  const records = await repo.recordsOfSemesters(semesterIds);
  const found = new Map<number, TeacherRow>();
  const ofBranches = await repo.teachersOfBranches(auth.institutionId, branchIds);
  const own = new Set(ofBranches.map((t) => t.teacherId));
  for (const t of ofBranches) found.set(t.teacherId, t);
  for (const t of await repo.teachersWhoRanked(
    auth.institutionId,
    subjects.map((s) => s.offeredId),
  )) {
    found.set(t.teacherId, t);
  }
  const missing = [...new Set(records.map((r) => r.teacherId))].filter((id) => !found.has(id));
  for (const t of await repo.teachersByIds(missing)) found.set(t.teacherId, t);
  const rows = [...found.values()];

  const picks = await repo.savedTeacherPicks(
    rows.map((t) => t.profileId),
    semesterIds,
  );
  const defaultMax = await repo.defaultMaxHours(auth.institutionId);
  // Load elsewhere is today's (active semesters): it says nothing about a past term.
  const elsewhereRows =
    pastTerm === undefined
      ? await repo.confirmedElsewhere(
          rows.map((t) => t.teacherId),
          semesterIds,
        )
      : [];
  const confirmed = await repo.confirmedSemesterIds(semesterIds);
  const teachers: PoolTeacher[] = rows
    .map((t) => ({
      teacherId: t.teacherId,
      slug: t.slug,
      code: t.code,
      name: t.name ?? t.code,
      email: t.email,
      profileId: t.profileId,
      seniority: t.seniority,
      maxHours: t.maxWeeklyHours ?? defaultMax,
      maxIsDefault: t.maxWeeklyHours === null,
      ofAdminBranches: own.has(t.teacherId),
      elsewhere: elsewhereRows.filter((r) => r.teacherId === t.teacherId).reduce((s, r) => s + r.hours, 0),
      priorities: [...new Set(picks.filter((p) => p.profileId === t.profileId).map((p) => p.offeredSlug))],
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  return {
    institutionId: auth.institutionId,
    branchIds,
    semesters,
    past: pastTerm !== undefined,
    confirmed,
    subjects,
    units,
    teachers,
    records,
  };
}

/**
 * The allocation in force: confirmed rows of confirmed semesters, proposed rows of the others.
 * `stale` tells that some of those rows no longer fit the units or teachers.
 */
export function currentAssignments(state: AllocationScope): {
  assignments: UnitAssignment[];
  stale: boolean;
} {
  const slugById = new Map(state.teachers.map((t) => [t.teacherId, t.slug]));
  const records = state.records.filter(
    (r) => r.status === (state.confirmed.has(r.semesterId) ? 'confirmed' : 'proposed'),
  );
  return assignmentsFromRecords(state.units, records, slugById);
}
