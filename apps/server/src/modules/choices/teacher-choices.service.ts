import type {
  LegacyTeacherSubjectChoices,
  StreamSubjects,
  Subject,
  TeacherSubjectChoices,
} from '@rollbook/contract';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel, type SemesterScope } from '../../domain/caller-scope';
import { createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { deadlineReached } from '../../domain/semester-deadline';
import { offeredSubjectToWire, type OfferedRow } from '../../domain/subjects/subject-rows';
import { closedReason, isOpen } from './choice-state';
import { createChoicesRepository, type ChoiceItem, type ChoiceRecord } from './choices.repository';
import type { ChoicesDeps } from './deps';
import { loadOpenOffers, similarOffers, similarToWire, type OpenOffer } from './similar-subjects';

interface TeacherContext {
  /** Records of semesters whose subjects are locked (the current round). */
  current: ChoiceRecord[];
  /** The ones the teacher may still change. */
  open: ChoiceRecord[];
  semesters: Map<number, SemesterScope>;
}

/**
 * A teacher's subject choices (contract §11.1): one ranked list across every semester of their
 * branches whose choices are open. The drag order is stored as priority (1 = first); picking a
 * subject also offers to teach the same subject in other branches ("similar subjects").
 */
export function createTeacherChoicesService(deps: ChoicesDeps) {
  const scope = createScope(deps.db);
  const repo = createChoicesRepository(deps.db);
  const catalogue = createCatalogueRepository(deps.db);

  async function context(auth: AuthContext): Promise<TeacherContext> {
    const records = await repo.recordsOfProfile(auth.profileId, 'teacher');
    const semesters = new Map(
      (await scope.semestersByIds(records.map((r) => r.semesterId))).map((s) => [s.id, s]),
    );
    const now = deps.clock.now();
    const current = records.filter((r) => semesters.get(r.semesterId)?.subjectsLocked === true);
    const open = current.filter((r) => isOpen(r, semesters.get(r.semesterId)!, now));
    return { current, open, semesters };
  }

  /** Subjects grouped under their semester's label, groups in the order they first appear. */
  function group(
    subjects: { row: OfferedRow; wire: Subject }[],
    semesters: Map<number, SemesterScope>,
  ): StreamSubjects[] {
    const groups = new Map<string, Subject[]>();
    for (const s of subjects) {
      const sem = semesters.get(s.row.semesterId);
      const label = sem ? semesterLabel(sem) : `Semester ${s.row.semYear}`;
      groups.set(label, [...(groups.get(label) ?? []), s.wire]);
    }
    return [...groups].map(([stream, list]) => ({ stream, subjects: list }));
  }

  async function view(auth: AuthContext): Promise<TeacherSubjectChoices> {
    const ctx = await context(auth);
    const shown = ctx.open.length > 0 ? ctx.open : ctx.current;
    const [options, items] = await Promise.all([
      repo.optionsOf(ctx.open.map((r) => r.id)),
      repo.itemsOf(shown.map((r) => r.id)),
    ]);
    const ids = [
      ...new Set([...options.map((o) => o.offeredSubjectId), ...items.map((i) => i.offeredSubjectId)]),
    ];
    const rows = await catalogue.offeredByIds(ids);
    const rowById = new Map(rows.map((r) => [r.offeredId, r]));
    // Similar picks may live in semesters outside the teacher's branches.
    const extra = rows.map((r) => r.semesterId).filter((id) => !ctx.semesters.has(id));
    for (const s of await scope.semestersByIds([...new Set(extra)])) ctx.semesters.set(s.id, s);
    const offers = await loadOpenOffers(deps.db, auth.institutionId, deps.clock.now());
    const others = await repo.teacherNamesByOffered(ids);
    const priorityOf = new Map(items.map((i) => [i.offeredSubjectId, i.ordering]));
    const wire = (row: OfferedRow): Subject =>
      offeredSubjectToWire(row, {
        priority: priorityOf.get(row.offeredId) ?? null,
        similar_subjects: similarToWire(similarOffers(row, offers)),
        teachers: others
          .filter((o) => o.offeredSubjectId === row.offeredId && o.profileId !== auth.profileId)
          .map((o) => ({ profile__name: o.name ?? '' })),
      });

    const saved = shown.some((r) => r.choicesSaved);
    const savedSubjects = saved
      ? items
          .filter((i) => shown.find((r) => r.id === i.choiceId)?.choicesSaved)
          .map((i) => rowById.get(i.offeredSubjectId))
          .filter((r): r is OfferedRow => r !== undefined)
          .map((row) => ({ row, wire: wire(row) }))
      : [];
    const available = ctx.open
      .flatMap((r) => options.filter((o) => o.choiceId === r.id))
      .map((o) => rowById.get(o.offeredSubjectId))
      .filter((r): r is OfferedRow => r !== undefined)
      .sort((a, b) => a.semesterId - b.semesterId || a.ordering - b.ordering)
      .map((row) => ({ row, wire: wire(row) }));
    const openDeadlines = ctx.open
      .map((r) => ctx.semesters.get(r.semesterId)?.deadline)
      .filter((d): d is string => !!d);
    const allDeadlines = ctx.current
      .map((r) => ctx.semesters.get(r.semesterId)?.deadline)
      .filter((d): d is string => !!d);
    return {
      subject_choice_deadline: openDeadlines.sort()[0] ?? allDeadlines.sort().at(-1) ?? null,
      subject_choices: {
        choices_saved: shown.length > 0 && shown.every((r) => r.choicesSaved),
        choices_locked: ctx.open.length === 0,
        saved_subjects: group(savedSubjects, ctx.semesters),
        available_subjects: group(available, ctx.semesters),
      },
      closed_reason: ctx.open.length === 0 ? closedMessage(ctx) : null,
    };
  }

  /**
   * Why nothing can be changed, named after the semester of the teacher's latest round. Records are
   * kept from earlier rounds (a semester whose divisions were made long ago stays locked), so the
   * first record by id may be a finished round the teacher is not choosing for any more.
   */
  function closedMessage(ctx: TeacherContext): string {
    const latest = latestRound(ctx);
    if (!latest) return 'No subject choices are open for you';
    return (
      closedReason(latest.record, latest.semester, deps.clock.now()) ?? 'No subject choices are open for you'
    );
  }

  /**
   * The current record of the round the teacher is in: a round still running (divisions not yet
   * made) before a finished one, then the latest deadline (the one `view` shows when nothing is
   * open), then the newest semester.
   */
  function latestRound(ctx: TeacherContext): { record: ChoiceRecord; semester: SemesterScope } | undefined {
    const rounds = ctx.current.flatMap((record) => {
      const semester = ctx.semesters.get(record.semesterId);
      return semester ? [{ record, semester }] : [];
    });
    const newer = (a: (typeof rounds)[number], b: (typeof rounds)[number]) =>
      Number(a.semester.divisionsCreated) - Number(b.semester.divisionsCreated) ||
      (b.semester.deadline ?? '').localeCompare(a.semester.deadline ?? '') ||
      b.semester.id - a.semester.id;
    return rounds.sort(newer)[0];
  }

  /**
   * Turns the sent list into picks: own subjects must be options of an open record; any other slug
   * must be a similar subject of one of them. Missing similar subjects are added after the list.
   */
  function resolvePicks(
    slugs: string[],
    open: ChoiceRecord[],
    options: { choiceId: number; offeredSubjectId: number }[],
    rows: OfferedRow[],
    offers: OpenOffer[],
  ): ChoiceItem[] {
    if (new Set(slugs).size !== slugs.length) throw badRequest('Each subject can be chosen only once');
    const rowById = new Map(rows.map((r) => [r.offeredId, r]));
    const own = new Map<string, { row: OfferedRow; choiceId: number }>();
    for (const o of options) {
      const row = rowById.get(o.offeredSubjectId);
      if (row && open.some((r) => r.id === o.choiceId))
        own.set(row.offeredSlug, { row, choiceId: o.choiceId });
    }
    const ownPicks = slugs.map((s) => own.get(s)).filter((p) => p !== undefined);
    const similarPool = new Map<string, { offer: OpenOffer; choiceId: number }>();
    for (const p of ownPicks) {
      for (const offer of similarOffers(p.row, offers)) {
        if (!own.has(offer.subject.offeredSlug) && !similarPool.has(offer.subject.offeredSlug)) {
          similarPool.set(offer.subject.offeredSlug, { offer, choiceId: p.choiceId });
        }
      }
    }
    const picks: { choiceId: number; offeredSubjectId: number }[] = [];
    for (const slug of slugs) {
      const mine = own.get(slug);
      const similar = similarPool.get(slug);
      if (mine) picks.push({ choiceId: mine.choiceId, offeredSubjectId: mine.row.offeredId });
      else if (similar)
        picks.push({ choiceId: similar.choiceId, offeredSubjectId: similar.offer.subject.offeredId });
      else return throwUnknown(slug, offers);
    }
    for (const [, s] of similarPool) {
      if (!picks.some((p) => p.offeredSubjectId === s.offer.subject.offeredId)) {
        picks.push({ choiceId: s.choiceId, offeredSubjectId: s.offer.subject.offeredId });
      }
    }
    return picks.map((p, i) => ({ ...p, ordering: i + 1 }));
  }

  function throwUnknown(slug: string, offers: OpenOffer[]): never {
    const known = offers.find((o) => o.subject.offeredSlug === slug);
    if (!known) throw notFound('Subject');
    throw badRequest(
      `${known.subject.subjectName} (${known.subject.subjectCode}) is not one of the subjects you can choose`,
    );
  }

  return {
    view,

    /** Saves the caller's ranked picks (priority = position + 1) across all open semesters. */
    async save(auth: AuthContext, slugs: string[]): Promise<TeacherSubjectChoices> {
      const ctx = await context(auth);
      if (ctx.open.length === 0) throw conflict(closedMessage(ctx));
      const options = await repo.optionsOf(ctx.open.map((r) => r.id));
      const rows = await catalogue.offeredByIds([...new Set(options.map((o) => o.offeredSubjectId))]);
      const now = deps.clock.now();
      const offers = await loadOpenOffers(deps.db, auth.institutionId, now);
      const picks = resolvePicks(slugs, ctx.open, options, rows, offers);
      await deps.db.transaction(async (tx) => {
        const txRepo = createChoicesRepository(tx);
        await txRepo.replaceItems(
          ctx.open.map((r) => r.id),
          picks,
        );
        for (const r of ctx.open) {
          const sem = ctx.semesters.get(r.semesterId)!;
          // A record reopened by the admin after the deadline freezes as soon as it is saved.
          const lockNow = deadlineReached(sem.deadline, now, sem.timezone) === true;
          await txRepo.updateRecords([r.id], { choicesSaved: true, savedAt: now, choicesLocked: lockNow });
        }
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'choices.teacher_save',
          entityType: 'subject_choice',
          entitySlug: ctx.open[0]?.slug ?? null,
          detail: { records: ctx.open.map((r) => r.slug), picks: picks.length },
        });
      });
      return view(auth);
    },

    /** Reopens the caller's saved picks for editing, until the deadline. */
    async unsave(auth: AuthContext): Promise<TeacherSubjectChoices> {
      const ctx = await context(auth);
      if (ctx.open.length === 0) throw conflict(closedMessage(ctx));
      const saved = ctx.open.filter((r) => r.choicesSaved);
      if (saved.length === 0) throw conflict('Your subject choices are not saved yet');
      await deps.db.transaction(async (tx) => {
        await createChoicesRepository(tx).updateRecords(
          saved.map((r) => r.id),
          { choicesSaved: false, savedAt: null },
        );
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'choices.teacher_unsave',
          entityType: 'subject_choice',
          entitySlug: saved[0]?.slug ?? null,
          detail: { records: saved.map((r) => r.slug) },
        });
      });
      return view(auth);
    },

    /** Legacy: the caller's saved subjects of one stream of their branches, by priority. */
    async savedOfStream(auth: AuthContext, streamSlug: string): Promise<Subject[]> {
      const stream = await scope.stream(auth, streamSlug);
      const ctx = await context(auth);
      const records = ctx.current.filter(
        (r) => r.choicesSaved && ctx.semesters.get(r.semesterId)?.stream.id === stream.id,
      );
      const items = await repo.itemsOf(records.map((r) => r.id));
      const rows = new Map(
        (await catalogue.offeredByIds(items.map((i) => i.offeredSubjectId))).map((r) => [r.offeredId, r]),
      );
      return items
        .map((i) => ({ i, row: rows.get(i.offeredSubjectId) }))
        .filter((x): x is { i: ChoiceItem; row: OfferedRow } => x.row !== undefined)
        .map(({ i, row }) => offeredSubjectToWire(row, { priority: i.ordering }));
    },

    /** Legacy: the caller's record of one semester of their branches. */
    async ofSemester(auth: AuthContext, semesterSlug: string): Promise<LegacyTeacherSubjectChoices> {
      const semester = await scope.semester(auth, semesterSlug);
      const record = (await repo.recordsOfProfile(auth.profileId, 'teacher')).find(
        (r) => r.semesterId === semester.id,
      );
      if (!record) throw notFound('Subject choices');
      const [options, items] = await Promise.all([repo.optionsOf([record.id]), repo.itemsOf([record.id])]);
      const rows = new Map(
        (await catalogue.offeredByIds([...options, ...items].map((o) => o.offeredSubjectId))).map((r) => [
          r.offeredId,
          r,
        ]),
      );
      const toWire = (id: number, extra: Partial<Subject> = {}) => {
        const row = rows.get(id);
        return row ? [offeredSubjectToWire(row, extra)] : [];
      };
      return {
        slug: record.slug,
        choices_locked: !isOpen(record, semester, deps.clock.now()),
        deadline_timestamp: semester.deadline,
        finalized_choices: record.choicesSaved
          ? items.flatMap((i) => toWire(i.offeredSubjectId, { priority: i.ordering }))
          : [],
        available_choices: options.flatMap((o) => toWire(o.offeredSubjectId)),
      };
    },
  };
}
