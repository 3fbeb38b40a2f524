import type { DivisionDetail, DivisionSuggestion, Student, SubjectChoiceGroup } from '@rollbook/contract';

/** How many students of one choice group go into a division. */
export interface ManualGroupShare {
  groupId: string;
  count: number;
}

/** One numbered box of manual mode (`division-1`, `division-2`, …) and the groups dropped into it. */
export interface ManualDivision {
  id: string;
  groups: ManualGroupShare[];
}

/** The part of a choice group manual mode needs. */
export type ManualGroup = Pick<SubjectChoiceGroup, 'slug' | 'totalCount' | 'students'>;

/** Shown when the approximate division count prompt is left empty (product spec §5, quoted as is). */
export const APPROX_COUNT_REQUIRED = 'please enter apporx division count';

/**
 * Shown for an answer that is not a count of divisions (0, a negative number, a fraction, text):
 * the empty-field message would wrongly say nothing was entered, and rounding 2.5 down would start
 * a board the admin did not ask for.
 */
export const APPROX_COUNT_WHOLE = 'The approximate division count must be a whole number, 1 or more';

/** The upper bound of the prompt: more boxes than this cannot be arranged on a screen. */
export const MAX_MANUAL_DIVISIONS = 26;

/**
 * Reads the approximate division count prompt (product spec §5: an integer; empty gives the
 * spec's message). Anything but a whole number from 1 to 26 is refused with its own message, and
 * the caller starts nothing.
 */
export function parseApproxCount(text: string): { count: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: APPROX_COUNT_REQUIRED };
  // Digits (a whole number may be written "3.0"): Number() alone would also take "0x1A" or "1e1".
  if (!/^\d+(\.0*)?$/.test(trimmed)) return { error: APPROX_COUNT_WHOLE };
  const count = Number(trimmed);
  if (count < 1) return { error: APPROX_COUNT_WHOLE };
  if (count > MAX_MANUAL_DIVISIONS)
    return { error: `At most ${MAX_MANUAL_DIVISIONS} divisions can be arranged by hand` };
  return { count };
}

/** `count` empty boxes named division-1 … division-count. */
export function createManualDivisions(count: number): ManualDivision[] {
  return Array.from({ length: count }, (_, index) => ({ id: `division-${index + 1}`, groups: [] }));
}

/** Students of a group placed in every division except `exceptDivisionId`. */
function assignedElsewhere(divisions: readonly ManualDivision[], groupId: string, exceptDivisionId?: string) {
  let sum = 0;
  for (const division of divisions) {
    if (division.id === exceptDivisionId) continue;
    for (const share of division.groups) if (share.groupId === groupId) sum += share.count;
  }
  return sum;
}

/**
 * A group's students not yet placed (product spec §3): totalCount minus the sum assigned across
 * divisions, floored at 0.
 */
export function availableCount(
  group: Pick<ManualGroup, 'slug' | 'totalCount'>,
  divisions: readonly ManualDivision[],
) {
  return Math.max(0, group.totalCount - assignedElsewhere(divisions, group.slug));
}

/** Every student in a division box. */
export function divisionSize(division: ManualDivision): number {
  return division.groups.reduce((sum, share) => sum + share.count, 0);
}

/** Students of all groups not yet in any box. */
export function unplacedCount(groups: readonly ManualGroup[], divisions: readonly ManualDivision[]): number {
  return groups.reduce((sum, group) => sum + availableCount(group, divisions), 0);
}

function updateDivision(
  divisions: readonly ManualDivision[],
  divisionId: string,
  change: (division: ManualDivision) => ManualDivision,
): ManualDivision[] {
  return divisions.map((division) => (division.id === divisionId ? change(division) : division));
}

/**
 * Drops a group into a division with all its students still unplaced. A group is added to a
 * division only once: dropping it again changes nothing (the same array is returned).
 */
export function addGroup(
  divisions: ManualDivision[],
  divisionId: string,
  group: Pick<ManualGroup, 'slug' | 'totalCount'>,
): ManualDivision[] {
  const target = divisions.find((division) => division.id === divisionId);
  if (!target || target.groups.some((share) => share.groupId === group.slug)) return divisions;
  const count = availableCount(group, divisions);
  return updateDivision(divisions, divisionId, (division) => ({
    ...division,
    groups: [...division.groups, { groupId: group.slug, count }],
  }));
}

/**
 * Sets how many of a group's students a division takes: never below 0 (spec §5) and never more
 * than the group has left once the other divisions took their share.
 */
export function setGroupCount(
  divisions: ManualDivision[],
  divisionId: string,
  group: Pick<ManualGroup, 'slug' | 'totalCount'>,
  requested: number,
): ManualDivision[] {
  const ceiling = Math.max(0, group.totalCount - assignedElsewhere(divisions, group.slug, divisionId));
  const count = Number.isFinite(requested) ? Math.min(ceiling, Math.max(0, Math.trunc(requested))) : 0;
  return updateDivision(divisions, divisionId, (division) => ({
    ...division,
    groups: division.groups.map((share) => (share.groupId === group.slug ? { ...share, count } : share)),
  }));
}

/** Takes a group out of a division; its students become available again. */
export function removeGroup(
  divisions: ManualDivision[],
  divisionId: string,
  groupId: string,
): ManualDivision[] {
  return updateDivision(divisions, divisionId, (division) => ({
    ...division,
    groups: division.groups.filter((share) => share.groupId !== groupId),
  }));
}

/** Division names in order: A … Z, then AA, AB … (the server's names for planned divisions too). */
export function divisionLetters(index: number): string {
  let name = '';
  let rest = index;
  do {
    name = String.fromCharCode(65 + (rest % 26)) + name;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return name;
}

/** Lab batch sizes of design/planning.md's default policy: one batch up to 34, else ⌈n / 24⌉ near-equal. */
export function batchSizes(students: number): number[] {
  if (students <= 34) return [students];
  const count = Math.ceil(students / 24);
  const base = Math.floor(students / count);
  const larger = students % count;
  return Array.from({ length: count }, (_, index) => base + (index < larger ? 1 : 0));
}

function byEnrollment(a: Student, b: Student): number {
  return a.enrollment.localeCompare(b.enrollment) || a.slug.localeCompare(b.slug);
}

function toDivisionDetail(name: string, students: Student[]): DivisionDetail {
  const batches: DivisionDetail['batches'] = [];
  let start = 0;
  batchSizes(students.length).forEach((size, index) => {
    const members = students.slice(start, start + size);
    start += size;
    batches.push({ batch_name: `${name}${index + 1}`, student_count: members.length, students: members });
  });
  return {
    division_name: name,
    total_batches: batches.map((batch) => batch.batch_name),
    batches,
    total_student_count: students.length,
  };
}

/** Why a manual arrangement cannot be sent yet. */
export type ManualPlanProblem =
  | { kind: 'students-missing' }
  | { kind: 'unplaced'; count: number }
  | { kind: 'empty-division'; divisionId: string };

/** The sentence shown for a problem of the arrangement. */
export function manualProblemText(problem: ManualPlanProblem): string {
  switch (problem.kind) {
    case 'students-missing':
      return 'The server did not list the students of each group, so divisions cannot be arranged by hand.';
    case 'unplaced':
      return `${problem.count} student${problem.count === 1 ? ' is' : 's are'} not placed in a division yet`;
    case 'empty-division':
      return `${problem.divisionId} has no students: add a group or remove the box`;
  }
}

/**
 * Turns the boxes into the plan the confirm call takes (contract §10.4, the same shape as a
 * suggestion): each box becomes a division named A, B, … holding, per group share, the next
 * `count` students of that group in enrolment order, split into core lab batches (A1, A2, …).
 * The server re-checks everything; this only refuses what is plainly incomplete.
 */
export function buildManualPlan(
  groups: readonly ManualGroup[],
  divisions: readonly ManualDivision[],
): { plan: DivisionSuggestion } | { problem: ManualPlanProblem } {
  if (groups.some((group) => group.totalCount > 0 && !group.students)) {
    return { problem: { kind: 'students-missing' } };
  }
  const unplaced = unplacedCount(groups, divisions);
  if (unplaced > 0) return { problem: { kind: 'unplaced', count: unplaced } };
  const empty = divisions.find((division) => divisionSize(division) === 0);
  if (empty) return { problem: { kind: 'empty-division', divisionId: empty.id } };

  const queues = new Map(groups.map((group) => [group.slug, [...(group.students ?? [])].sort(byEnrollment)]));
  const details = divisions.map((division, index) => {
    const members: Student[] = [];
    for (const share of division.groups)
      members.push(...(queues.get(share.groupId)?.splice(0, share.count) ?? []));
    return toDivisionDetail(divisionLetters(index), members.sort(byEnrollment));
  });
  return { plan: { divisions: details, hour_deviations: [] } };
}
