import {
  isCalendarDate,
  issuesOf,
  PlaceStudentBodySchema,
  type PlaceStudentBody,
  type PlacementBatch,
  type PlacementDivision,
  type StudentPlacement,
} from '@rollbook/contract';
import { readableDay } from '../../components/session-sheet/readable-day';

/** What the placement dialog holds while the admin chooses. */
export interface PlacementDraft {
  divisionSlug: string;
  /** The chosen core (lab) batch; '' = none chosen. */
  coreBatchSlug: string;
  /** Elective subject → the chosen batch of it ('' or missing = none). */
  electiveSlugs: Record<string, string>;
  /** The first day, YYYY-MM-DD as the date input gives it. */
  since: string;
}

/** Where a problem is shown: under a field, or (`batches`) under the batch choices. */
export type PlacementField = 'divisionSlug' | 'coreBatchSlug' | 'batches' | 'since';
export type PlacementProblems = Partial<Record<PlacementField, string>>;

/** One elective of a division and its batches (one select each; "None" is allowed). */
export interface ElectiveGroup {
  subject: string;
  batches: PlacementBatch[];
}

/** An elective batch with no subject still gets a select of its own. */
const NO_SUBJECT = 'Elective';

export function divisionOf(placement: StudentPlacement, slug: string): PlacementDivision | undefined {
  return placement.divisions.find((division) => division.slug === slug);
}

export function coreBatches(division: PlacementDivision | undefined): PlacementBatch[] {
  return division?.batches.filter((batch) => batch.kind === 'core') ?? [];
}

/** The division's elective batches by subject, in the order the server lists them. */
export function electiveGroups(division: PlacementDivision | undefined): ElectiveGroup[] {
  const groups: ElectiveGroup[] = [];
  for (const batch of division?.batches ?? []) {
    if (batch.kind !== 'elective') continue;
    const subject = batch.subject ?? NO_SUBJECT;
    const group = groups.find((g) => g.subject === subject);
    if (group) group.batches.push(batch);
    else groups.push({ subject, batches: [batch] });
  }
  return groups;
}

/** The form as it opens: where the student is now, from today. */
export function placementDraft(placement: StudentPlacement): PlacementDraft {
  const division = placement.division_slug ? divisionOf(placement, placement.division_slug) : undefined;
  const now = new Set(placement.batch_slugs);
  const electiveSlugs: Record<string, string> = {};
  for (const group of electiveGroups(division)) {
    const chosen = group.batches.find((batch) => now.has(batch.slug));
    if (chosen) electiveSlugs[group.subject] = chosen.slug;
  }
  return {
    divisionSlug: division?.slug ?? '',
    coreBatchSlug: coreBatches(division).find((batch) => now.has(batch.slug))?.slug ?? '',
    electiveSlugs,
    since: placement.today,
  };
}

/** The POST body: the division, its core batch first and then one batch per chosen elective. */
export function placeBody(draft: PlacementDraft, placement: StudentPlacement): PlaceStudentBody {
  const division = divisionOf(placement, draft.divisionSlug);
  const electives = electiveGroups(division)
    .map((group) => draft.electiveSlugs[group.subject] ?? '')
    .filter(Boolean);
  return {
    division_slug: draft.divisionSlug,
    batch_slugs: [draft.coreBatchSlug, ...electives].filter(Boolean),
    since: draft.since,
  };
}

/** Body field → where its problem is shown. */
const FIELD_OF: Record<string, PlacementField> = {
  division_slug: 'divisionSlug',
  batch_slugs: 'batches',
  since: 'since',
};

/**
 * The server's own rules, checked before anything is sent: a division; a core batch when the
 * division has any; a first day between the semester's first day (when known) and today. The
 * contract's checks of the body come after, for anything else.
 */
export function placementProblems(draft: PlacementDraft, placement: StudentPlacement): PlacementProblems {
  const problems: PlacementProblems = {};
  const division = divisionOf(placement, draft.divisionSlug);
  if (!division) problems.divisionSlug = 'Choose a division';
  else if (coreBatches(division).length > 0 && !draft.coreBatchSlug)
    problems.coreBatchSlug = `Choose a lab batch: division ${division.name} has lab batches`;
  if (!draft.since) problems.since = 'Choose the first day';
  else if (isCalendarDate(draft.since)) {
    if (draft.since > placement.today)
      problems.since = `The first day cannot be after today (${readableDay(placement.today)})`;
    else if (placement.earliest && draft.since < placement.earliest)
      problems.since = `The first day cannot be before the semester's first day (${readableDay(placement.earliest)})`;
  }
  const parsed = PlaceStudentBodySchema.safeParse(placeBody(draft, placement));
  if (!parsed.success)
    for (const issue of issuesOf(parsed.error)) {
      const field = FIELD_OF[issue.path.split('.')[0] ?? ''];
      if (field && !problems[field]) problems[field] = issue.message;
    }
  return problems;
}

/** Whether the body names the division and batches the student is in already. */
export function isUnchanged(body: PlaceStudentBody, placement: StudentPlacement): boolean {
  const now = [...placement.batch_slugs].sort().join();
  return body.division_slug === placement.division_slug && [...body.batch_slugs].sort().join() === now;
}

/** "A", "A and B", "A, B and C". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "division A, batches A1 and ML1" (names as the semester's lists give them). */
export function placementText(
  placement: StudentPlacement,
  divisionSlug: string,
  batchSlugs: readonly string[],
): string {
  const division = divisionOf(placement, divisionSlug);
  const batches = placement.divisions.flatMap((d) => d.batches);
  const names = batchSlugs.map((slug) => batches.find((batch) => batch.slug === slug)?.name ?? slug);
  const where = `division ${division?.name ?? divisionSlug}`;
  if (names.length === 0) return `${where}, in no batch`;
  return `${where}, ${names.length === 1 ? 'batch' : 'batches'} ${listText(names)}`;
}

/** Where the student is now, in a sentence. */
export function whereNow(placement: StudentPlacement): string {
  if (!placement.division_slug) return 'Not placed in a division yet.';
  const since = placement.since ? readableDay(placement.since) : 'the start of the term';
  return `Now in ${placementText(placement, placement.division_slug, placement.batch_slugs)}, since ${since}.`;
}
