import type { MarkStudentChoicesBody, StudentSubjectChoices } from '@rollbook/contract';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/caller';
import { createScope, type SemesterScope } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { offeredSubjectToWire } from '../../domain/subjects/subject-rows';
import { closedReason, saveLocksImmediately } from './choice-state';
import { createChoicesRepository, type ChoiceRecord } from './choices.repository';
import type { ChoicesDeps } from './deps';

/**
 * A student's electives (contract §11.2): exactly one subject from each elective category of their
 * semester, chosen among the options of their own record, until the deadline.
 */
export function createStudentChoicesService(deps: ChoicesDeps) {
  const scope = createScope(deps.db);
  const repo = createChoicesRepository(deps.db);
  const catalogue = createCatalogueRepository(deps.db);

  /** The caller's record of their current semester, or 404 when it has no electives. */
  async function ownRecord(auth: AuthContext): Promise<{ record: ChoiceRecord; semester: SemesterScope }> {
    const semesterId = await repo.studentSemesterId(auth.profileId);
    const record =
      semesterId === null
        ? undefined
        : (await repo.recordsOfProfile(auth.profileId, 'student')).find((r) => r.semesterId === semesterId);
    const [semester] = record ? await scope.semestersByIds([record.semesterId]) : [];
    if (!record || !semester) throw notFound('Elective subjects for your semester');
    return { record, semester };
  }

  /** The caller's record named by slug; someone else's answers 404 like a missing one. */
  async function recordBySlug(auth: AuthContext, slug: string) {
    const record = await repo.recordBySlug(slug);
    if (!record || record.profileId !== auth.profileId || record.kind !== 'student')
      throw notFound('Subject choices');
    const [semester] = await scope.semestersByIds([record.semesterId]);
    if (!semester) throw notFound('Subject choices');
    return { record, semester };
  }

  /** Per category, the subject ids this record may pick (categories without options are dropped). */
  async function categoriesOf(record: ChoiceRecord) {
    const [categories, options] = await Promise.all([
      catalogue.categoriesOfSemesters([record.semesterId]),
      repo.optionsOf([record.id]),
    ]);
    const optionIds = new Set(options.map((o) => o.offeredSubjectId));
    return categories
      .map((c) => ({ ...c, subjectIds: c.subjectIds.filter((id) => optionIds.has(id)) }))
      .filter((c) => c.subjectIds.length > 0);
  }

  async function stateOf(record: ChoiceRecord, semester: SemesterScope): Promise<StudentSubjectChoices> {
    const [categories, items] = await Promise.all([categoriesOf(record), repo.itemsOf([record.id])]);
    const rows = await catalogue.offeredByIds([
      ...new Set([...categories.flatMap((c) => c.subjectIds), ...items.map((i) => i.offeredSubjectId)]),
    ]);
    const rowById = new Map(rows.map((r) => [r.offeredId, r]));
    const closed = closedReason(record, semester, deps.clock.now());
    return {
      slug: record.slug,
      choices_locked: closed !== null,
      closed_reason: closed,
      choices_saved: record.choicesSaved,
      deadline_timestamp: semester.deadline,
      available_choices: categories.map((c) => ({
        slug: c.slug,
        category: c.category,
        subjects: rows
          .filter((r) => c.subjectIds.includes(r.offeredId))
          .sort((a, b) => a.ordering - b.ordering)
          .map((r) => offeredSubjectToWire(r)),
      })),
      finalized_choices: record.choicesSaved
        ? items.flatMap((i) => {
            const row = rowById.get(i.offeredSubjectId);
            return row ? [offeredSubjectToWire(row, { priority: i.ordering })] : [];
          })
        : [],
    };
  }

  return {
    /** The caller's elective state. */
    async view(auth: AuthContext): Promise<StudentSubjectChoices> {
      const { record, semester } = await ownRecord(auth);
      return stateOf(record, semester);
    },

    /** Saves one subject per category. */
    async save(auth: AuthContext, body: MarkStudentChoicesBody): Promise<StudentSubjectChoices> {
      const { record, semester } = await recordBySlug(auth, body.subject_choices_slug);
      const now = deps.clock.now();
      const closed = closedReason(record, semester, now);
      if (closed) throw conflict(closed);
      const slugs = body.subject_choices;
      if (new Set(slugs).size !== slugs.length) throw badRequest('Each subject can be chosen only once');
      const categories = await categoriesOf(record);
      const optionIds = new Set(categories.flatMap((c) => c.subjectIds));
      const rows = await catalogue.offeredBySlugs(auth.institutionId, slugs);
      const picks = slugs.map((slug) => {
        const row = rows.find((r) => r.offeredSlug === slug);
        if (!row) throw notFound('Subject');
        if (!optionIds.has(row.offeredId)) {
          throw badRequest(`${row.subjectName} (${row.subjectCode}) is not one of your elective options`);
        }
        return row;
      });
      const oneEach =
        picks.length === categories.length &&
        categories.every((c) => picks.filter((p) => c.subjectIds.includes(p.offeredId)).length === 1);
      if (!oneEach) throw badRequest('Please select one subject from each category');
      const ordered = categories.map((c) => picks.find((p) => c.subjectIds.includes(p.offeredId))!);
      await deps.db.transaction(async (tx) => {
        const txRepo = createChoicesRepository(tx);
        await txRepo.replaceItems(
          [record.id],
          ordered.map((p, i) => ({ choiceId: record.id, offeredSubjectId: p.offeredId, ordering: i + 1 })),
        );
        await txRepo.updateRecords([record.id], {
          choicesSaved: true,
          savedAt: now,
          choicesLocked: saveLocksImmediately(semester, now),
        });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'choices.student_save',
          entityType: 'subject_choice',
          entitySlug: record.slug,
          detail: { subjects: ordered.map((p) => p.subjectCode) },
        });
      });
      const [fresh] = await repo.recordsByIds([record.id]);
      return stateOf(fresh!, semester);
    },

    /** Reopens the caller's saved electives for editing, until the deadline. */
    async unsave(auth: AuthContext, slug: string): Promise<StudentSubjectChoices> {
      const { record, semester } = await recordBySlug(auth, slug);
      const closed = closedReason(record, semester, deps.clock.now());
      if (closed) throw conflict(closed);
      if (!record.choicesSaved) throw conflict('Your elective choices are not saved yet');
      await deps.db.transaction(async (tx) => {
        await createChoicesRepository(tx).updateRecords([record.id], { choicesSaved: false, savedAt: null });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'choices.student_unsave',
          entityType: 'subject_choice',
          entitySlug: record.slug,
        });
      });
      return stateOf({ ...record, choicesSaved: false }, semester);
    },
  };
}
