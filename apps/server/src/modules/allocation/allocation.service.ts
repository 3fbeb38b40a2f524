import type {
  AllocationContext,
  ConfirmSubjectAllocationBody,
  SetTeacherMaxHoursBody,
  TeacherAllocationRow,
  TeacherMaxHours,
} from '@rollbook/contract';
import type { UnitAssignment } from '@rollbook/planner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { PlannerRunner } from '../../lib/planner-worker/planner-runner';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel, termLabel } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { createAllocationRepository } from './allocation.repository';
import { currentAssignments, loadAllocationScope, type AllocationScope } from './allocation-scope';
import { allocationTerms } from './allocation-terms';
import { lockInstitution } from '../../db/queries/institution-lock';
import { availableHours, buildContext } from './allocation-wire';
import { planConfirm } from './confirm-allocation';
import { proposalInput, proposeAllocation } from './proposal';
import { recordsFromAssignments } from './unit-assignments';

export interface AllocationDeps {
  db: Db;
  planner: PlannerRunner;
  log: FastifyBaseLogger;
}

/**
 * Teacher load allocation (contract §10.10): the admin's allocation of their branches' planned
 * semesters (the solver's proposal until confirmed, then the confirmed one), reset, confirm with
 * validation, each teacher's own load, the spreadsheet and per-teacher weekly maxima.
 */
export function createAllocationService(deps: AllocationDeps) {
  const repo = createAllocationRepository(deps.db);
  // One proposal run at a time per admin scope: concurrent page loads wait for the same result.
  const proposing = new Map<string, Promise<void>>();
  // The solver inputs of the last proposal stored per admin scope. An empty proposal stores no
  // rows, so without this every page load would solve (and audit) again; it is forgotten on
  // reset, and a change of units, priorities or maxima gives other inputs.
  const proposedInputs = new Map<string, string>();
  const scopeKey = (institutionId: number, branchIds: readonly number[]) =>
    `${institutionId}:${[...branchIds].sort((a, b) => a - b).join(',')}`;

  /** Solves and stores a proposal when unconfirmed semesters have units but no usable proposal. */
  async function ensureProposal(auth: AuthContext, state: AllocationScope): Promise<boolean> {
    const open = state.units.filter((ref) => !state.confirmed.has(ref.semesterId));
    if (open.length === 0) return false;
    const { assignments, stale } = currentAssignments(state);
    const openSemesters = new Set(open.map((ref) => ref.semesterId));
    const hasProposal = state.records.some((r) => r.status === 'proposed' && openSemesters.has(r.semesterId));
    const overMax = state.teachers.some(
      (t) =>
        assignments.filter((a) => a.teacher === t.slug).reduce((sum, a) => sum + a.hours, 0) >
        availableHours(t),
    );
    if (hasProposal && !stale && !overMax) return false;
    const key = scopeKey(state.institutionId, state.branchIds);
    const inputs = JSON.stringify(proposalInput(state, assignments));
    if (!hasProposal && proposedInputs.get(key) === inputs) return false;

    const running = proposing.get(key);
    if (running) {
      await running;
      return true;
    }
    const work = (async () => {
      const result = await proposeAllocation(state, assignments, deps.planner, deps.log);
      const idBySlug = new Map(state.teachers.map((t) => [t.slug, t.teacherId]));
      const rows = recordsFromAssignments(state.units, result.assignments, idBySlug, 'proposed');
      const semesterIds = [...openSemesters];
      await deps.db.transaction(async (tx) => {
        await lockInstitution(tx, 'allocation', state.institutionId);
        const txRepo = createAllocationRepository(tx);
        // A confirm that landed while the solver ran wins: its semesters get no proposal rows.
        const confirmedMeanwhile = await txRepo.confirmedSemesterIds(semesterIds);
        await txRepo.deleteRows(semesterIds, 'proposed');
        await txRepo.insertRows(rows.filter((r) => !confirmedMeanwhile.has(r.semesterId)));
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'allocation.propose',
          entityType: 'semester',
          entitySlug: state.semesters.find((s) => openSemesters.has(s.id))?.slug ?? null,
          detail: {
            semesters: state.semesters.filter((s) => openSemesters.has(s.id)).map((s) => s.slug),
            coveredHours: result.report.coveredHours,
            totalHours: result.report.totalHours,
            optimal: result.optimal,
            gap: result.gap,
            method: result.method,
            timeMs: result.timeMs,
          },
        });
      });
      proposedInputs.set(key, inputs);
    })();
    proposing.set(key, work);
    try {
      await work;
    } finally {
      proposing.delete(key);
    }
    return true;
  }

  /**
   * The current allocation (solving a proposal when one is due), or with `pastTerm` a past term's
   * allocation as it was kept: read only, never solved again.
   */
  async function context(auth: AuthContext, pastTerm?: string): Promise<AllocationContext> {
    let state = await loadAllocationScope(deps.db, auth, pastTerm);
    if (!state.past && (await ensureProposal(auth, state))) state = await loadAllocationScope(deps.db, auth);
    const { assignments } = currentAssignments(state);
    return {
      ...buildContext(state.subjects, state.units, assignments, state.teachers),
      scope: {
        semesters: state.semesters.map((s) => ({
          slug: s.slug,
          label: semesterLabel(s),
          term: termLabel(s),
          confirmed: state.confirmed.has(s.id),
        })),
        terms: await allocationTerms(deps.db, auth),
        read_only: state.past,
      },
    };
  }

  return {
    context,

    /** Drops the proposal and any confirmed allocation of the admin's planned semesters. */
    async reset(auth: AuthContext): Promise<true> {
      await deps.db.transaction(async (tx) => {
        await lockInstitution(tx, 'allocation', auth.institutionId);
        const state = await loadAllocationScope(tx, auth);
        const ids = state.semesters.map((s) => s.id);
        const txRepo = createAllocationRepository(tx);
        await txRepo.deleteRows(ids);
        await txRepo.setConfirmed(ids, false);
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'allocation.reset',
          entityType: 'semester',
          entitySlug: state.semesters[0]?.slug ?? null,
          detail: { semesters: state.semesters.map((s) => s.slug) },
        });
        proposedInputs.delete(scopeKey(state.institutionId, state.branchIds));
      });
      return true;
    },

    /**
     * Saves the admin's edited subject-side map as the confirmed allocation of every planned
     * semester of their branches. Refused as a whole, with every problem listed, when a subject or
     * teacher is unknown (404), a kind or hour is invented, or a teacher would pass their maximum.
     */
    async confirm(auth: AuthContext, body: ConfirmSubjectAllocationBody): Promise<true> {
      await deps.db.transaction(async (tx) => {
        // Read and checked under the lock: a concurrent confirm, reset or maximum change (of any
        // branch sharing a teacher) waits, and this one sees what it wrote.
        await lockInstitution(tx, 'allocation', auth.institutionId);
        const state = await loadAllocationScope(tx, auth);
        const assignments = planConfirm(state, body);
        const idBySlug = new Map(state.teachers.map((t) => [t.slug, t.teacherId]));
        const rows = recordsFromAssignments(state.units, assignments, idBySlug, 'confirmed');
        const ids = state.semesters.map((s) => s.id);
        const txRepo = createAllocationRepository(tx);
        await txRepo.deleteRows(ids);
        await txRepo.insertRows(rows);
        await txRepo.setConfirmed(ids, true);
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'allocation.confirm',
          entityType: 'semester',
          entitySlug: state.semesters[0]?.slug ?? null,
          detail: {
            semesters: state.semesters.map((s) => s.slug),
            allocatedHours: assignments.reduce((sum, a) => sum + a.hours, 0),
            totalHours: state.units.reduce((sum, ref) => sum + ref.unit.hours, 0),
            teachers: new Set(assignments.map((a) => a.teacher)).size,
          },
        });
      });
      return true;
    },

    /** The caller's confirmed load per subject with the other teachers of those subjects. */
    async teacherLoad(auth: AuthContext): Promise<TeacherAllocationRow[]> {
      const me = await repo.teacherByProfile(auth.profileId);
      if (!me) throw notFound('Teacher');
      const mine = await repo.confirmedRows({ teacherIds: [me.teacherId] });
      const offeredIds = [...new Set(mine.map((r) => r.offeredSubjectId))];
      const others = (await repo.confirmedRows({ offeredIds })).filter((r) => r.teacherId !== me.teacherId);
      const people = new Map(
        (await repo.teachersByIds([...new Set(others.map((r) => r.teacherId))])).map((t) => [t.teacherId, t]),
      );
      const subjects = (await createCatalogueRepository(deps.db).offeredByIds(offeredIds)).sort(
        (a, b) => a.semesterId - b.semesterId || a.ordering - b.ordering || a.offeredId - b.offeredId,
      );
      const sum = (rows: typeof mine, kinds: string[]) =>
        rows.filter((r) => kinds.includes(r.kind)).reduce((s, r) => s + r.hours, 0);
      return subjects.map((subject) => {
        const own = mine.filter((r) => r.offeredSubjectId === subject.offeredId);
        const theirs = others.filter((r) => r.offeredSubjectId === subject.offeredId);
        const teacherIds = [...new Set(theirs.map((r) => r.teacherId))];
        return {
          subject: { slug: subject.offeredSlug, subject_name: subject.subjectName },
          theory: sum(own, ['theory']),
          practical: sum(own, ['lab', 'practical']),
          tutorial: sum(own, ['tutorial']),
          other_teachers: teacherIds
            .map((id) => {
              const rows = theirs.filter((r) => r.teacherId === id);
              const person = people.get(id);
              return {
                teacher: { slug: person?.slug ?? '', profile: { name: person?.name ?? person?.code ?? '' } },
                theory: sum(rows, ['theory']),
                practical: sum(rows, ['lab', 'practical']),
                tutorial: sum(rows, ['tutorial']),
              };
            })
            .sort((a, b) => a.teacher.profile.name.localeCompare(b.teacher.profile.name)),
        };
      });
    },

    /**
     * Sets a teacher's weekly maximum (null: back to the institution's default). A maximum below
     * the teacher's confirmed load is refused; unconfirmed proposals that may involve the teacher
     * are dropped so the next load solves again with the new limit.
     */
    async setMaxHours(auth: AuthContext, body: SetTeacherMaxHoursBody): Promise<TeacherMaxHours> {
      return deps.db.transaction(async (tx) => {
        // Under the allocation lock, so no confirm can add load between the check and the update.
        await lockInstitution(tx, 'allocation', auth.institutionId);
        const scope = createScope(tx);
        const txRepo = createAllocationRepository(tx);
        const branchIds = await scope.branchIdsOf(auth);
        const teacher = (await txRepo.teachersOfBranches(auth.institutionId, branchIds)).find(
          (t) => t.slug === body.teacher_slug,
        );
        if (!teacher) throw notFound('Teacher');
        const confirmedLoad = (await txRepo.confirmedRows({ teacherIds: [teacher.teacherId] })).reduce(
          (sum, r) => sum + r.hours,
          0,
        );
        const defaultMax = await txRepo.defaultMaxHours(auth.institutionId);
        const effective = body.max_hours ?? defaultMax;
        if (effective < confirmedLoad) {
          throw conflict(
            `${teacher.name ?? teacher.code} already has ${confirmedLoad} h of confirmed load a week: choose at least ${confirmedLoad} h, or reset that allocation first`,
          );
        }
        const mySemesters = (await scope.semestersOf(auth)).map((s) => s.id);
        const withProposals = await txRepo.semestersWithProposalsOf(teacher.teacherId);
        await txRepo.setTeacherMax(teacher.teacherId, body.max_hours);
        await txRepo.deleteRows([...new Set([...mySemesters, ...withProposals])], 'proposed');
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'allocation.teacher_max_hours',
          entityType: 'teacher',
          entitySlug: teacher.slug,
          detail: { maxHours: body.max_hours },
        });
        return {
          teacher_slug: teacher.slug,
          max_hours: effective,
          max_hours_is_default: body.max_hours === null,
        };
      });
    },

    /** Everything the spreadsheet needs: the scope (current or a past term's) with its confirmed allocation only. */
    async confirmedState(
      auth: AuthContext,
      pastTerm?: string,
    ): Promise<{ state: AllocationScope; assignments: UnitAssignment[] }> {
      const state = await loadAllocationScope(deps.db, auth, pastTerm);
      if (state.confirmed.size === 0) {
        throw conflict('The allocation is not confirmed yet: confirm it before downloading the spreadsheet');
      }
      const { assignments } = currentAssignments(state);
      const confirmedUnits = new Set(
        state.units.filter((ref) => state.confirmed.has(ref.semesterId)).map((ref) => ref.unit.id),
      );
      return {
        state: { ...state, units: state.units.filter((ref) => confirmedUnits.has(ref.unit.id)) },
        assignments: assignments.filter((a) => confirmedUnits.has(a.unit)),
      };
    },
  };
}

export type AllocationService = ReturnType<typeof createAllocationService>;
