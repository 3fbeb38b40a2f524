import type {
  AddSubjectsToSemesterBody,
  DeadlineExtension,
  ExtendDeadlineBody,
  Subject,
} from '@rollbook/contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { catalogueKeyOf, createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { deadlineFromUnixSeconds, deadlineReached } from '../../domain/semester-deadline';
import { localDate, readableDate } from '../../lib/week';
import { offeredSubjectToWire, type CatalogueRow, type OfferedRow } from '../../domain/subjects/subject-rows';
import { refuseAfterDivisions, refuseAfterDivisionsLocked } from './divisions-guard';
import { createChoicesRepository, type ChoiceItem } from './choices.repository';
import type { ChoicesDeps } from './deps';

/** One selected subject, resolved to its catalogue row (and its current offer, if any). */
interface SelectedSubject {
  slug: string;
  catalogue: CatalogueRow;
}

/** Elective categories of a set of offered subjects: only categories with at least two subjects. */
export function electiveGroups(offered: OfferedRow[]): Map<string, number[]> {
  const byCategory = new Map<string, number[]>();
  for (const o of offered) {
    if (!o.catalogueIsElective) continue;
    byCategory.set(o.category, [...(byCategory.get(o.category) ?? []), o.offeredId]);
  }
  // An elective with no alternative left in the selection is simply taught to everyone.
  return new Map([...byCategory].filter(([, ids]) => ids.length >= 2));
}

/** True when picks hold exactly one subject of every category. */
export function oneOfEachCategory(pickedIds: number[], groups: number[][]): boolean {
  return (
    groups.every((ids) => pickedIds.filter((p) => ids.includes(p)).length === 1) &&
    pickedIds.length === groups.length
  );
}

/**
 * The admin's side of the lifecycle (contract §9.4-9.6): locking a semester's subjects with a
 * deadline (which opens choices for its teachers and students), unlocking after the deadline, and
 * extending the deadline. Each runs in one transaction with its alerts and audit entry.
 */
export function createSelectionService(deps: ChoicesDeps) {
  const scope = createScope(deps.db);
  const catalogue = createCatalogueRepository(deps.db);

  /** Resolves the selection: offered subjects of this semester or catalogue rows of its syllabus. */
  async function resolveSelection(
    auth: AuthContext,
    semester: SemesterScope,
    slugs: string[],
  ): Promise<SelectedSubject[]> {
    if (new Set(slugs).size !== slugs.length) throw badRequest('Each subject can be selected only once');
    const offered = await catalogue.offeredOfSemesters([semester.id]);
    const offeredBySlug = new Map(offered.map((o) => [o.offeredSlug, o]));
    const rest = slugs.filter((s) => !offeredBySlug.has(s));
    const catalogueRows = await catalogue.catalogueBySlugs(auth.institutionId, rest);
    const catalogueBySlug = new Map(catalogueRows.map((c) => [c.catalogueSlug, c]));
    const elsewhere = await catalogue.offeredBySlugs(
      auth.institutionId,
      rest.filter((s) => !catalogueBySlug.has(s)),
    );
    const key = catalogueKeyOf(semester);
    const label = semesterLabel(semester);
    const selected = slugs.map((slug): SelectedSubject => {
      const own = offeredBySlug.get(slug);
      if (own) return { slug, catalogue: own };
      const row = catalogueBySlug.get(slug);
      const other = elsewhere.find((o) => o.offeredSlug === slug);
      if (!row && !other) throw notFound('Subject');
      const r = (row ?? other)!;
      const fits =
        row !== undefined &&
        r.degree === key.degree &&
        r.streamCode === key.streamCode &&
        r.semYear === key.semYear;
      if (!fits) throw badRequest(`${r.subjectName} (${r.subjectCode}) is not a subject of ${label}`);
      return { slug, catalogue: r };
    });
    const codes = new Set<string>();
    for (const s of selected) {
      if (codes.has(s.catalogue.subjectCode)) {
        throw badRequest(
          `${s.catalogue.subjectName} (${s.catalogue.subjectCode}) is selected more than once; pick it from one academic year only`,
        );
      }
      codes.add(s.catalogue.subjectCode);
    }
    return selected;
  }

  function checkDeadline(seconds: number, semester: SemesterScope, now: Date, what: string): string {
    const date = deadlineFromUnixSeconds(seconds, semester.timezone);
    if (date < localDate(now, semester.timezone)) {
      throw badRequest(
        `The ${what} (${readableDate(date)}) is in the past. Please choose today or a later date`,
      );
    }
    return date;
  }

  /**
   * Brings a semester's offer, categories and choice records in line with a selection, inside the
   * caller's transaction. The first lock creates everything; a lock after an unlock adds new
   * subjects, removes dropped ones, and reopens exactly the saved choices that lost a subject or
   * no longer hold one subject of every category. Returns who must be told what.
   */
  async function reconcile(
    tx: Db,
    semester: SemesterScope,
    selected: SelectedSubject[],
    nonTech: Set<string>,
  ) {
    const repo = createChoicesRepository(tx);
    const cat = createCatalogueRepository(tx);
    const existing = await cat.offeredOfSemesters([semester.id]);
    const wanted = new Set(selected.map((s) => s.catalogue.catalogueId));
    const removed = existing.filter((e) => !wanted.has(e.catalogueId));
    const lostPick = new Set(
      (await repo.itemsOfOffered(removed.map((r) => r.offeredId))).map((i) => i.choiceId),
    );
    await repo.deleteOffered(removed.map((r) => r.offeredId));

    const existingByCatalogue = new Map(existing.map((e) => [e.catalogueId, e]));
    const inserts = [];
    for (const [i, s] of selected.entries()) {
      const isTechnical = !nonTech.has(s.slug);
      const current = existingByCatalogue.get(s.catalogue.catalogueId);
      if (current) await repo.updateOffered(current.offeredId, { isTechnical, ordering: i + 1 });
      else
        inserts.push({
          semesterId: semester.id,
          catalogueSubjectId: s.catalogue.catalogueId,
          isTechnical,
          ordering: i + 1,
        });
    }
    await repo.insertOffered(inserts);

    let offered = await cat.offeredOfSemesters([semester.id]);
    const groups = electiveGroups(offered);
    const electiveIds = new Set([...groups.values()].flat());
    for (const o of offered) {
      if (o.isElective !== electiveIds.has(o.offeredId)) {
        await repo.updateOffered(o.offeredId, { isElective: electiveIds.has(o.offeredId) });
      }
    }
    offered = await cat.offeredOfSemesters([semester.id]);
    await repo.syncCategories(semester.id, groups);

    await repo.ensureRecords(semester.id, 'teacher', await repo.branchTeacherProfileIds(semester.branch.id));
    if (electiveIds.size > 0) {
      await repo.ensureRecords(semester.id, 'student', await repo.semesterStudentProfileIds(semester.id));
    } else {
      await repo.deleteRecords((await repo.recordsOfSemesters([semester.id], 'student')).map((r) => r.id));
    }
    const records = await repo.recordsOfSemesters([semester.id]);
    const allIds = offered.map((o) => o.offeredId);
    await repo.replaceOptions(
      records.map((r) => r.id),
      records.flatMap((r) =>
        (r.kind === 'teacher' ? allIds : [...electiveIds]).map((offeredSubjectId) => ({
          choiceId: r.id,
          offeredSubjectId,
        })),
      ),
    );

    // Students keep only elective picks, and must still hold one subject of every category.
    const studentRecords = records.filter((r) => r.kind === 'student');
    const studentItems = await repo.itemsOf(studentRecords.map((r) => r.id));
    const stale: ChoiceItem[] = studentItems.filter((i) => !electiveIds.has(i.offeredSubjectId));
    await repo.deleteItems(stale);
    for (const i of stale) lostPick.add(i.choiceId);
    const groupLists = [...groups.values()];
    for (const r of studentRecords) {
      const picks = studentItems.filter((i) => i.choiceId === r.id && electiveIds.has(i.offeredSubjectId));
      if (
        r.choicesSaved &&
        !oneOfEachCategory(
          picks.map((p) => p.offeredSubjectId),
          groupLists,
        )
      )
        lostPick.add(r.id);
    }

    // A new round: nothing stays frozen, and choices that no longer hold are reopened.
    await repo.updateRecords(
      records.map((r) => r.id),
      { choicesLocked: false, reopenedAt: null },
    );
    const reopened = (await repo.recordsByIds([...lostPick])).filter((r) => r.choicesSaved);
    await repo.updateRecords(
      reopened.map((r) => r.id),
      { choicesSaved: false, choicesLocked: false },
    );
    return { offered, removed, records, reopened, firstLock: existing.length === 0 };
  }

  return {
    /** Locks a semester's subjects with a deadline and opens choices (contract §9.4). */
    async lock(auth: AuthContext, body: AddSubjectsToSemesterBody): Promise<Subject[]> {
      const semester = await scope.semester(auth, body.semester_slug);
      const label = semesterLabel(semester);
      const alreadyLocked = `Subjects of ${label} are already locked. Unlock them after the deadline to change the selection`;
      if (semester.subjectsLocked) throw conflict(alreadyLocked);
      if (body.deadline_timestamp === null)
        throw badRequest('Please choose a deadline for the subject choices');
      const now = deps.clock.now();
      const deadline = checkDeadline(body.deadline_timestamp, semester, now, 'deadline');
      const selected = await resolveSelection(auth, semester, body.subject_slugs);
      const nonTech = new Set(body.non_tech_subjects);

      return deps.db.transaction(async (tx) => {
        const repo = createChoicesRepository(tx);
        if (!(await repo.claimLock(semester.id, deadline))) throw conflict(alreadyLocked);
        const result = await reconcile(tx, semester, selected, nonTech);
        const notifier = deps.notifier(tx);
        const when = readableDate(deadline);
        const reopenedIds = new Set(result.reopened.map((r) => r.id));
        const stillFine = result.records.filter((r) => !reopenedIds.has(r.id));
        const teachersToTell = stillFine.filter((r) => r.kind === 'teacher').map((r) => r.profileId);
        const studentsToTell = stillFine.filter((r) => r.kind === 'student').map((r) => r.profileId);
        const opening = result.firstLock ? 'are open' : 'were updated and are open';
        await notifier.notify({
          profileIds: teachersToTell,
          type: 'subject_choice_alert',
          message: `Subject choices for ${label} ${opening} until ${when}. Please rank the subjects you would like to teach here: subject_choice_url`,
          semesterId: semester.id,
        });
        await notifier.notify({
          profileIds: studentsToTell,
          type: 'subject_choice_alert',
          message: `Elective choices for ${label} ${opening} until ${when}. Please pick one subject from each elective category here: subject_choice_url`,
          semesterId: semester.id,
        });
        const removedNames = result.removed.map((r) => r.subjectName).join(', ');
        await notifier.notify({
          profileIds: result.reopened.map((r) => r.profileId),
          type: result.removed.length > 0 ? 'subject_deletion_alert' : 'subject_choice_alert',
          message:
            result.removed.length > 0
              ? `${removedNames} ${result.removed.length === 1 ? 'was' : 'were'} removed from ${label}, so your saved choices were reopened. Please choose again by ${when} here: subject_choice_url`
              : `The subjects of ${label} changed, so your saved choices were reopened. Please choose again by ${when} here: subject_choice_url`,
          semesterId: semester.id,
        });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'subjects.lock',
          entityType: 'semester',
          entitySlug: semester.slug,
          detail: {
            deadline,
            subjects: result.offered.map((o) => o.subjectCode),
            nonTechnical: result.offered.filter((o) => !o.isTechnical).map((o) => o.subjectCode),
            removed: result.removed.map((o) => o.subjectCode),
            reopenedChoices: result.reopened.length,
          },
        });
        return result.offered.map((o) => offeredSubjectToWire(o));
      });
    },

    /** Unlocks a semester's selection once its deadline has passed (contract §9.5). */
    async unlock(auth: AuthContext, semesterSlug: string): Promise<true> {
      const semester = await scope.semester(auth, semesterSlug);
      const label = semesterLabel(semester);
      if (!semester.subjectsLocked) throw conflict(`The subject selection of ${label} is already unlocked`);
      const change = `The subject selection of ${label} cannot be unlocked`;
      refuseAfterDivisions(semester, change);
      if (deadlineReached(semester.deadline, deps.clock.now(), semester.timezone) === false) {
        throw conflict(
          `The subject selection of ${label} can be unlocked only after the deadline (${readableDate(semester.deadline ?? '')}) has passed`,
        );
      }
      await deps.db.transaction(async (tx) => {
        await refuseAfterDivisionsLocked(tx, semester, change);
        if (!(await createChoicesRepository(tx).releaseLock(semester.id))) {
          throw conflict(`The subject selection of ${label} is already unlocked`);
        }
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'subjects.unlock',
          entityType: 'semester',
          entitySlug: semester.slug,
          detail: { deadline: semester.deadline },
        });
      });
      return true;
    },

    /** Moves the deadline later and reopens choices until then (contract §9.6). */
    async extendDeadline(auth: AuthContext, body: ExtendDeadlineBody): Promise<DeadlineExtension> {
      const semester = await scope.semester(auth, body.semester_slug);
      const label = semesterLabel(semester);
      if (!semester.subjectsLocked) {
        throw conflict(`Subjects of ${label} are not locked. Lock them with a deadline instead`);
      }
      const change = `The subject choice deadline of ${label} cannot be extended`;
      refuseAfterDivisions(semester, change);
      const deadline = checkDeadline(body.new_deadline_timestamp, semester, deps.clock.now(), 'new deadline');
      if (semester.deadline !== null && deadline <= semester.deadline) {
        throw badRequest(
          `The new deadline must be later than the current one (${readableDate(semester.deadline)})`,
        );
      }
      await deps.db.transaction(async (tx) => {
        await refuseAfterDivisionsLocked(tx, semester, change);
        const repo = createChoicesRepository(tx);
        await repo.setDeadline(semester.id, deadline);
        const records = await repo.recordsOfSemesters([semester.id]);
        await repo.updateRecords(
          records.map((r) => r.id),
          { choicesLocked: false, reopenedAt: null },
        );
        await deps.notifier(tx).notify({
          profileIds: records.filter((r) => !r.choicesSaved).map((r) => r.profileId),
          type: 'subject_choice_deadline_alert',
          message: `The deadline to mark your subject choices for ${label} has been extended to ${readableDate(deadline)}. Please submit them here: subject_choice_url`,
          semesterId: semester.id,
        });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'subjects.extend_deadline',
          entityType: 'semester',
          entitySlug: semester.slug,
          detail: { from: semester.deadline, to: deadline },
        });
      });
      return { is_changed: true, deadline_timestamp: deadline };
    },
  };
}
