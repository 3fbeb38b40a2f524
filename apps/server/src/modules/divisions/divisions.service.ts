import { createHash } from 'node:crypto';
import type {
  ConfirmDivisionsBody,
  DivisionDetail,
  DivisionSuggestion,
  ExcelFile,
  SubjectChoiceGroup,
  SubjectChoiceGroupsResult,
} from '@rollbook/contract';
import { choiceGroups, choiceKey, toSuggestionResponse } from '@rollbook/planner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { PlannerRunner } from '../../lib/planner-worker/planner-runner';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { offeredSubjectToWire } from '../../domain/subjects/subject-rows';
import { divisionWorkbook } from './division-excel';
import { lockSemesterChoiceState } from '../../db/queries/lock-semester-choice-state';
import { planningRefusal } from './division-state';
import { divisionDetail } from './division-wire';
import { createDivisionsRepository } from './divisions.repository';
import { planSuggestion } from './plan-suggestion';
import {
  classmateWire,
  loadPlanningRoster,
  plannerStudents,
  studentWire,
  type PlanningRoster,
} from './planning-roster';
import { saveDivisionPlan } from './save-division-plan';

export interface DivisionsDeps {
  db: Db;
  clock: Clock;
  planner: PlannerRunner;
  log: FastifyBaseLogger;
}

/** Divisions are named A to Z (the master timetable refers to them by one letter). */
export const MAX_DIVISIONS = 26;

/** A choice group's slug: opaque, and the same for the same semester and elective set. */
function groupSlug(semesterSlug: string, signature: string): string {
  return createHash('sha256').update(`${semesterSlug}|${signature}`).digest('base64url').slice(0, 22);
}

/**
 * Division creation (contract §10.2-10.5, §11.3): the subject-choice groups of a semester whose
 * choices have closed, the planner's suggestion for a maximum size, confirming a plan (suggested
 * or arranged by hand) in one transaction, a division's spreadsheet and a student's own division.
 */
export function createDivisionsService(deps: DivisionsDeps) {
  const scope = createScope(deps.db);
  const repo = createDivisionsRepository(deps.db);

  /** The semester (404 outside the admin's branches) and its stored divisions. */
  async function semesterWithDivisions(auth: AuthContext, slug: string) {
    const semester = await scope.semester(auth, slug);
    return { semester, divisions: await repo.storedDivisions({ semesterId: semester.id }) };
  }

  /** Refuses planning while choices are open (409); returns the semester's students and subjects. */
  async function plannableRoster(semester: SemesterScope): Promise<PlanningRoster> {
    const refusal = planningRefusal(semester, deps.clock.now());
    if (refusal) throw conflict(refusal);
    return loadPlanningRoster(deps.db, semester.id);
  }

  function groupsOf(semester: SemesterScope, roster: PlanningRoster): SubjectChoiceGroup[] {
    const subjectBySlug = new Map(roster.subjects.map((s) => [s.offeredSlug, s]));
    const studentBySlug = new Map(roster.students.map((s) => [s.slug, s]));
    const students = (slugs: readonly string[]) =>
      slugs.flatMap((slug) => {
        const row = studentBySlug.get(slug);
        return row ? [studentWire(row)] : [];
      });
    const chosen = plannerStudents(roster).filter((_, i) => roster.students[i]?.chosen);
    const groups: SubjectChoiceGroup[] = choiceGroups(chosen).map((group) => ({
      slug: groupSlug(semester.slug, group.key),
      subjects: group.electives.flatMap((slug) => {
        const subject = subjectBySlug.get(slug);
        return subject ? [offeredSubjectToWire(subject)] : [];
      }),
      totalCount: group.size,
      availableCount: group.size,
      students: students(group.students),
    }));
    const notChosen = roster.students.filter((s) => !s.chosen);
    if (notChosen.length > 0) {
      groups.push({
        slug: groupSlug(semester.slug, choiceKey([]) + '#not-chosen'),
        subjects: [],
        totalCount: notChosen.length,
        availableCount: notChosen.length,
        students: notChosen.map(studentWire),
        electives_not_chosen: true,
      });
    }
    return groups;
  }

  return {
    /**
     * §10.2: the stored divisions once they exist; otherwise, once choices have closed, the groups
     * of students with identical finalised electives (students who never finalised theirs form
     * their own group, marked `electives_not_chosen`).
     */
    async subjectChoiceGroups(auth: AuthContext, semesterSlug: string): Promise<SubjectChoiceGroupsResult> {
      const { semester, divisions } = await semesterWithDivisions(auth, semesterSlug);
      if (divisions.length > 0) return { divisions: divisions.map((d) => divisionDetail(d)) };
      const roster = await plannableRoster(semester);
      return { total_students: roster.students.length, subject_groups: groupsOf(semester, roster) };
    },

    /** §10.3: the planner's divisions and batches for a maximum division size, with the hours overview. */
    async suggestion(
      auth: AuthContext,
      semesterSlug: string,
      maxStudents: number,
    ): Promise<DivisionSuggestion> {
      const semester = await scope.semester(auth, semesterSlug);
      const label = semesterLabel(semester);
      if (semester.divisionsCreated) throw conflict(`Divisions of ${label} are already created`);
      const roster = await plannableRoster(semester);
      const count = roster.students.length;
      if (count === 0) throw conflict(`${label} has no students to place in divisions`);
      const needed = Math.ceil(count / maxStudents);
      if (needed > MAX_DIVISIONS) {
        throw new AppError(
          'validation_failed',
          `A maximum of ${maxStudents} students per division would need ${needed} divisions for the ${count} students of ${label}, but divisions are named A to Z: choose at least ${Math.ceil(count / MAX_DIVISIONS)}`,
          {
            issues: [
              {
                path: 'max_students',
                // Shown beside the field: said in the admin's words, like the schema's own messages.
                message: `The number of students per division must be at least ${Math.ceil(count / MAX_DIVISIONS)} for ${count} students: divisions are named A to Z`,
              },
            ],
          },
        );
      }
      const planningStarted = performance.now();
      const plan = await planSuggestion(roster, maxStudents, deps.planner, deps.log);
      const bySlug = new Map(roster.students.map((s) => [s.slug, s]));
      const suggestion = toSuggestionResponse(plan, (slug) => studentWire(bySlug.get(slug)!), {
        includeCore: true,
      });
      // The admin waits for the worker round trip too, not only the planner's own clock.
      const planningMs = Math.round(performance.now() - planningStarted);
      return { ...suggestion, plan_quality: { ...suggestion.plan_quality, planning_ms: planningMs } };
    },

    /** §10.4: stores a plan in one transaction after checking it against the semester's students. */
    async confirm(auth: AuthContext, body: ConfirmDivisionsBody): Promise<true> {
      const semester = await scope.semester(auth, body.semester_slug);
      const refusal = planningRefusal(semester, deps.clock.now());
      if (refusal) throw conflict(refusal);
      await deps.db.transaction(async (tx) => {
        // Checked again on the locked row: choices reopened since the first check must win.
        const current = await lockSemesterChoiceState(tx, semester.id);
        const late = planningRefusal({ ...semester, ...current }, deps.clock.now());
        if (late) throw conflict(late);
        const saved = await saveDivisionPlan(
          tx,
          { id: semester.id, label: semesterLabel(semester) },
          body.divisions_data,
        );
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'divisions.confirm',
          entityType: 'semester',
          entitySlug: semester.slug,
          detail: { ...saved },
        });
      });
      return true;
    },

    /** §10.5: one division's students as a spreadsheet. */
    async excel(auth: AuthContext, semesterSlug: string, divisionName: string): Promise<ExcelFile> {
      const { semester, divisions } = await semesterWithDivisions(auth, semesterSlug);
      const wanted = divisionName.trim().toUpperCase();
      const division = divisions.find((d) => d.name.toUpperCase() === wanted);
      if (!division) throw notFound('Division');
      return divisionWorkbook(semester, division, await loadPlanningRoster(deps.db, semester.id));
    },

    /** §11.3: the caller's division in their current semester (404 while they have none). */
    async studentDivision(auth: AuthContext): Promise<DivisionDetail> {
      const divisionId = await repo.divisionOfStudentProfile(auth.profileId);
      const [division] = divisionId === null ? [] : await repo.storedDivisions({ divisionId });
      if (!division) throw new AppError('not_found', 'You have not been placed in a division yet');
      return divisionDetail(division, classmateWire);
    },
  };
}

export type DivisionsService = ReturnType<typeof createDivisionsService>;
