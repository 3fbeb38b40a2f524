import type { AllocationContext, AllocationRow, SubjectToTeacherMap, TeacherLoad } from '@rollbook/contract';

/** The four kinds of teaching hours of contract §10.10. */
export type AllocationKind = 'theory' | 'lab' | 'tutorial' | 'practical';
export const ALLOCATION_KINDS: readonly AllocationKind[] = ['theory', 'tutorial', 'lab', 'practical'];

/**
 * Labs and practicals are taught in 2-hour blocks, theory and tutorials hour by hour (contract
 * §10.10). A subject with odd practical hours also has a 1-hour block per batch; see `stepOf`.
 */
export const KIND_STEP: Readonly<Record<AllocationKind, number>> = {
  theory: 1,
  tutorial: 1,
  lab: 2,
  practical: 2,
};

export type AllocationTeacher = TeacherLoad['teacher'];
type KindAllocation = NonNullable<AllocationRow['teacher_allocation']['theory']>;

/** A teacher the admin may give hours to, with the weekly maximum the server's proposal implies. */
export interface RosterTeacher {
  teacher: AllocationTeacher;
  /** Hours this allocation may give the teacher (their maximum less load taught elsewhere). */
  maxHours: number;
  /**
   * The teacher's weekly maximum setting (Rollbook addition), when the server sends it, with the
   * lowest maximum the server accepts as far as the context tells: their confirmed load (other
   * branches', and this allocation's once all of it is confirmed).
   */
  setting: { hours: number; isDefault: boolean; floor: number } | null;
}

/**
 * The admin's working copy: the server's subject-side map (edited in place, immutably) and the
 * roster of teachers with their maxima. Everything the screens show is derived from these two.
 */
export interface WorkingAllocation {
  /** The map as the server sent it, kept to carry its teacher-side totals into the confirm body. */
  readonly original: SubjectToTeacherMap;
  readonly map: SubjectToTeacherMap;
  /** In the order the server listed them. */
  readonly roster: readonly RosterTeacher[];
}

/** Where a piece of hours lives: one kind of teaching of one subject. */
export interface LineRef {
  subject: string;
  kind: AllocationKind;
}

export type EditResult = { ok: true; allocation: WorkingAllocation } | { ok: false; reason: string };

function kindsOf(row: AllocationRow): [AllocationKind, KindAllocation][] {
  return ALLOCATION_KINDS.flatMap((kind) => {
    const entry = row.teacher_allocation[kind];
    return entry ? [[kind, entry] as [AllocationKind, KindAllocation]] : [];
  });
}

function allRows(map: SubjectToTeacherMap): AllocationRow[] {
  return [...map.instant_allocations, ...map.separate_allocations];
}

function allocatedOf(map: SubjectToTeacherMap, teacherSlug: string): number {
  let hours = 0;
  for (const row of allRows(map)) {
    for (const [, entry] of kindsOf(row)) {
      for (const share of entry.teachers) if (share.teacher.slug === teacherSlug) hours += share.hours;
    }
  }
  return hours;
}

/**
 * A teacher's confirmed weekly load as the context shows it: what other branches' confirmed
 * allocations take from their maximum (`max_hours` less the hours offered here), plus this
 * allocation's hours when it is confirmed. The server refuses a maximum below it.
 */
export function confirmedLoadOf(load: TeacherLoad, allocationConfirmed: boolean): number {
  const here =
    load.total_theory_hours +
    load.total_lab_hours +
    load.total_practical_sub_hours +
    load.total_tutorial_hours;
  // What this allocation may give them is what is left plus what it gives: the rest is elsewhere.
  const elsewhere = Math.max(0, (load.max_hours ?? 0) - (load.total_hours_left + here));
  return elsewhere + (allocationConfirmed ? here : 0);
}

/**
 * Builds the working copy from `get_subject_allocation_context`. A teacher's maximum is what they
 * still had free plus what the proposal already gives them, so it holds whatever the server counts
 * in `total_hours_left`. Teachers who appear only in the subject map get no free hours.
 */
export function workingAllocation(context: AllocationContext): WorkingAllocation {
  const map = context.subject_to_teacher_map;
  const semesters = context.scope?.semesters ?? [];
  const allConfirmed = semesters.length > 0 && semesters.every((semester) => semester.confirmed);
  const roster: RosterTeacher[] = Object.values(context.teacher_to_subject_map[0]).map((load) => ({
    teacher: load.teacher,
    maxHours: Math.max(0, load.total_hours_left) + allocatedOf(map, load.teacher.slug),
    setting:
      load.max_hours === undefined
        ? null
        : {
            hours: load.max_hours,
            isDefault: load.max_hours_is_default ?? false,
            floor: confirmedLoadOf(load, allConfirmed),
          },
  }));
  const known = new Set(roster.map((entry) => entry.teacher.slug));
  for (const row of allRows(map)) {
    for (const [, entry] of kindsOf(row)) {
      for (const share of entry.teachers) {
        if (known.has(share.teacher.slug)) continue;
        known.add(share.teacher.slug);
        roster.push({
          teacher: share.teacher,
          maxHours: allocatedOf(map, share.teacher.slug),
          setting: null,
        });
      }
    }
  }
  return { original: map, map, roster };
}

/** The free hours of a teacher in the working copy (0 for unknown teachers). */
export function freeHoursOf(allocation: WorkingAllocation, teacherSlug: string): number {
  const entry = allocation.roster.find((candidate) => candidate.teacher.slug === teacherSlug);
  return entry ? entry.maxHours - allocatedOf(allocation.map, teacherSlug) : 0;
}

function findLine(
  map: SubjectToTeacherMap,
  line: LineRef,
): { row: AllocationRow; entry: KindAllocation } | null {
  const row = allRows(map).find((candidate) => candidate.subject.slug === line.subject);
  const entry = row?.teacher_allocation[line.kind];
  return row && entry ? { row, entry } : null;
}

function hoursOf(entry: KindAllocation, teacherSlug: string): number {
  return entry.teachers.find((share) => share.teacher.slug === teacherSlug)?.hours ?? 0;
}

/** The hours of one line given to one teacher. */
export function lineHoursOf(allocation: WorkingAllocation, line: LineRef, teacherSlug: string): number {
  const found = findLine(allocation.map, line);
  return found ? hoursOf(found.entry, teacherSlug) : 0;
}

/** The hours of a line nobody teaches yet. */
export function remainingOf(allocation: WorkingAllocation, line: LineRef): number {
  const found = findLine(allocation.map, line);
  if (!found) return 0;
  return found.entry.total_hours - found.entry.teachers.reduce((sum, share) => sum + share.hours, 0);
}

/** Writes new per-teacher hours onto one line, keeping its totals and dropping teachers at 0. */
function withLineHours(
  map: SubjectToTeacherMap,
  line: LineRef,
  changes: ReadonlyMap<string, number>,
  teacherBySlug: (slug: string) => AllocationTeacher,
): SubjectToTeacherMap {
  const rewrite = (row: AllocationRow): AllocationRow => {
    const entry = row.teacher_allocation[line.kind];
    if (row.subject.slug !== line.subject || !entry) return row;
    const teachers = entry.teachers.map((share) => ({
      ...share,
      hours: changes.get(share.teacher.slug) ?? share.hours,
    }));
    for (const [slug, hours] of changes) {
      if (!teachers.some((share) => share.teacher.slug === slug))
        teachers.push({ teacher: teacherBySlug(slug), hours });
    }
    const kept = teachers.filter((share) => share.hours > 0);
    const done = kept.reduce((sum, share) => sum + share.hours, 0);
    return {
      ...row,
      teacher_allocation: {
        ...row.teacher_allocation,
        [line.kind]: {
          ...entry,
          teachers: kept,
          allocation_done: done,
          remaining_hours: entry.total_hours - done,
        },
      },
    };
  };
  return {
    ...map,
    instant_allocations: map.instant_allocations.map(rewrite),
    separate_allocations: map.separate_allocations.map(rewrite),
  };
}

/**
 * The smallest amount of a line's hours that can move out of `amount` (the hours left to give, or
 * the hours a teacher holds). The server splits odd practical hours into 2-hour blocks and one
 * 1-hour block, so an odd amount left or held includes such a block and may move by 1 hour;
 * otherwise labs and practicals move in whole 2-hour blocks (the server refuses anything else).
 */
export function stepOf(kind: AllocationKind, amount: number): number {
  return amount % 2 === 1 ? 1 : KIND_STEP[kind];
}

/** Why `hours` is not a valid amount to move out of `amount` hours of a line's kind, or null. */
function badAmount(kind: AllocationKind, hours: number, amount: number): string | null {
  if (!Number.isInteger(hours) || hours <= 0) return 'Choose a positive number of hours.';
  const step = stepOf(kind, amount);
  if (hours % step !== 0) return `${kindLabel(kind)} hours move in blocks of ${step} hours.`;
  return null;
}

/** The display name of a kind. */
export function kindLabel(kind: AllocationKind): string {
  return { theory: 'Theory', tutorial: 'Tutorial', lab: 'Lab', practical: 'Practical' }[kind];
}

function teacherLookup(allocation: WorkingAllocation) {
  return (slug: string): AllocationTeacher => {
    const entry = allocation.roster.find((candidate) => candidate.teacher.slug === slug);
    if (!entry) throw new Error(`Unknown teacher ${slug}`);
    return entry.teacher;
  };
}

function nameOf(allocation: WorkingAllocation, slug: string): string {
  return allocation.roster.find((entry) => entry.teacher.slug === slug)?.teacher.profile.name ?? slug;
}

/**
 * Gives a teacher more hours of a line (`hours` > 0) or takes some back (`hours` < 0). Additions
 * need that many unallocated hours on the line and that many free hours of the teacher; labs and
 * practicals change in 2-hour blocks (contract §10.10 client rules), or by the odd hour (`stepOf`).
 */
export function changeHours(
  allocation: WorkingAllocation,
  line: LineRef,
  teacherSlug: string,
  hours: number,
): EditResult {
  const found = findLine(allocation.map, line);
  if (!found) return { ok: false, reason: 'This subject has no such hours.' };
  if (!allocation.roster.some((entry) => entry.teacher.slug === teacherSlug))
    return { ok: false, reason: 'Unknown teacher.' };
  const held = hoursOf(found.entry, teacherSlug);
  // Hours given come out of the unallocated ones; hours taken back out of what the teacher holds.
  const invalid = badAmount(line.kind, Math.abs(hours), hours > 0 ? remainingOf(allocation, line) : held);
  if (invalid) return { ok: false, reason: invalid };
  const name = nameOf(allocation, teacherSlug);
  if (hours < 0 && held + hours < 0) return { ok: false, reason: `${name} has only ${held} of these hours.` };
  if (hours > 0) {
    const remaining = remainingOf(allocation, line);
    if (hours > remaining) return { ok: false, reason: `Only ${remaining} of these hours are unallocated.` };
    const free = freeHoursOf(allocation, teacherSlug);
    if (hours > free) return { ok: false, reason: `${name} has only ${free} free hours.` };
  }
  const map = withLineHours(
    allocation.map,
    line,
    new Map([[teacherSlug, held + hours]]),
    teacherLookup(allocation),
  );
  return { ok: true, allocation: { ...allocation, map } };
}

/**
 * Moves hours of a line from one teacher to another in one step, so nothing is left unallocated
 * in between. The receiver needs the free hours; the giver must hold them.
 */
export function moveHours(
  allocation: WorkingAllocation,
  line: LineRef,
  fromSlug: string,
  toSlug: string,
  hours: number,
): EditResult {
  const found = findLine(allocation.map, line);
  if (!found) return { ok: false, reason: 'This subject has no such hours.' };
  if (fromSlug === toSlug) return { ok: false, reason: 'Choose another teacher to move the hours to.' };
  if (!allocation.roster.some((entry) => entry.teacher.slug === toSlug))
    return { ok: false, reason: 'Unknown teacher.' };
  const held = hoursOf(found.entry, fromSlug);
  const invalid = badAmount(line.kind, hours, held);
  if (invalid) return { ok: false, reason: invalid };
  if (hours > held)
    return { ok: false, reason: `${nameOf(allocation, fromSlug)} has only ${held} of these hours.` };
  const free = freeHoursOf(allocation, toSlug);
  if (hours > free)
    return { ok: false, reason: `${nameOf(allocation, toSlug)} has only ${free} free hours.` };
  const map = withLineHours(
    allocation.map,
    line,
    new Map([
      [fromSlug, held - hours],
      [toSlug, hoursOf(found.entry, toSlug) + hours],
    ]),
    teacherLookup(allocation),
  );
  return { ok: true, allocation: { ...allocation, map } };
}

/** One subject-kind a teacher holds hours of. */
export interface TeacherLine extends LineRef {
  subjectName: string;
  subjectCode: string;
  hours: number;
}

/** A row of the Allocated Subjects table. DE and Project loads are not modelled, so they are 0. */
export interface TeacherLoadRow {
  teacher: AllocationTeacher;
  lines: TeacherLine[];
  theory: number;
  practical: number;
  tutorial: number;
  designEngineering: number;
  total: number;
  project: number;
  totalWithProject: number;
  maxHours: number;
  freeHours: number;
}

/** The Allocated Subjects rows: every teacher of the roster with what they teach. */
export function teacherLoadRows(allocation: WorkingAllocation): TeacherLoadRow[] {
  return allocation.roster.map(({ teacher, maxHours }) => {
    const lines: TeacherLine[] = [];
    for (const row of allRows(allocation.map)) {
      for (const [kind, entry] of kindsOf(row)) {
        const hours = hoursOf(entry, teacher.slug);
        if (hours > 0)
          lines.push({
            subject: row.subject.slug,
            kind,
            subjectName: row.subject.subject_name,
            subjectCode: row.subject.subject_code,
            hours,
          });
      }
    }
    const sum = (kinds: AllocationKind[]) =>
      lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + line.hours, 0);
    const theory = sum(['theory']);
    const practical = sum(['lab', 'practical']);
    const tutorial = sum(['tutorial']);
    const total = theory + practical + tutorial;
    return {
      teacher,
      lines,
      theory,
      practical,
      tutorial,
      designEngineering: 0,
      total,
      project: 0,
      totalWithProject: total,
      maxHours,
      freeHours: maxHours - total,
    };
  });
}

/** One kind of a subject with its hours, for the subject editor. */
export interface SubjectKindState extends LineRef {
  totalHours: number;
  remainingHours: number;
  teachers: { teacher: AllocationTeacher; hours: number }[];
}

/** A subject with every kind of teaching it has. */
export interface SubjectState {
  slug: string;
  name: string;
  code: string;
  kinds: SubjectKindState[];
  /** Unallocated theory and tutorial hours. */
  remainingTheory: number;
  /** Unallocated lab and practical hours. */
  remainingPractical: number;
}

/** Every subject of the allocation with its kinds. */
export function subjectStates(allocation: WorkingAllocation): SubjectState[] {
  return allRows(allocation.map).map((row) => {
    const kinds = kindsOf(row).map(([kind, entry]) => {
      const done = entry.teachers.reduce((sum, share) => sum + share.hours, 0);
      return {
        subject: row.subject.slug,
        kind,
        totalHours: entry.total_hours,
        remainingHours: entry.total_hours - done,
        teachers: entry.teachers.filter((share) => share.hours > 0),
      };
    });
    const remaining = (of: AllocationKind[]) =>
      kinds.filter((k) => of.includes(k.kind)).reduce((sum, k) => sum + k.remainingHours, 0);
    return {
      slug: row.subject.slug,
      name: row.subject.subject_name,
      code: row.subject.subject_code,
      kinds,
      remainingTheory: remaining(['theory', 'tutorial']),
      remainingPractical: remaining(['lab', 'practical']),
    };
  });
}

/** The Non-Allocated Subjects rows: subjects with hours nobody teaches yet. */
export function nonAllocatedSubjects(allocation: WorkingAllocation): SubjectState[] {
  return subjectStates(allocation).filter(
    (subject) => subject.remainingTheory + subject.remainingPractical > 0,
  );
}

/** A teacher's rank of a subject (1 = most wanted), when known. */
export type RankLookup = (teacherSlug: string, subjectSlug: string) => number | null;

/**
 * Ranks the server put into the proposal: each subject a teacher is given carries that teacher's
 * `priority` in `teacher_to_subject_map`.
 */
export function ranksFromContext(context: AllocationContext): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const load of Object.values(context.teacher_to_subject_map[0])) {
    for (const kind of ALLOCATION_KINDS) {
      for (const [subjectSlug, entry] of Object.entries(load[kind] ?? {})) {
        const rank = entry.subject.priority;
        if (typeof rank === 'number') ranks.set(rankKey(load.teacher.slug, subjectSlug), rank);
      }
    }
  }
  return ranks;
}

/** The key of a (teacher, subject) rank in a rank map. */
export function rankKey(teacherSlug: string, subjectSlug: string): string {
  return `${teacherSlug}\u0000${subjectSlug}`;
}

/** The figures above the tables: coverage, hours per priority rank, and the spread of loads. */
export interface AllocationSummary {
  totalHours: number;
  coveredHours: number;
  /** 0..1 */
  coverage: number;
  /** Hours at each rank, best rank first; rank null = a subject the teacher did not rank. */
  byRank: { rank: number | null; hours: number; share: number }[];
  /** Loads of teachers who can teach (maximum above 0). */
  load: { min: number; max: number; spread: number; mean: number };
}

/** Computes the summary figures of a working copy. */
export function allocationSummary(allocation: WorkingAllocation, rankOf: RankLookup): AllocationSummary {
  let totalHours = 0;
  let coveredHours = 0;
  const byRank = new Map<number | null, number>();
  for (const row of allRows(allocation.map)) {
    for (const [, entry] of kindsOf(row)) {
      totalHours += entry.total_hours;
      for (const share of entry.teachers) {
        coveredHours += share.hours;
        const rank = rankOf(share.teacher.slug, row.subject.slug);
        byRank.set(rank, (byRank.get(rank) ?? 0) + share.hours);
      }
    }
  }
  const loads = teacherLoadRows(allocation)
    .filter((row) => row.maxHours > 0)
    .map((row) => row.total);
  const min = loads.length > 0 ? Math.min(...loads) : 0;
  const max = loads.length > 0 ? Math.max(...loads) : 0;
  return {
    totalHours,
    coveredHours,
    coverage: totalHours > 0 ? coveredHours / totalHours : 1,
    byRank: [...byRank]
      .filter(([, hours]) => hours > 0)
      .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
      .map(([rank, hours]) => ({ rank, hours, share: coveredHours > 0 ? hours / coveredHours : 0 })),
    load: {
      min,
      max,
      spread: max - min,
      mean: loads.length > 0 ? loads.reduce((sum, value) => sum + value, 0) / loads.length : 0,
    },
  };
}

function unallocatedOf(rows: readonly AllocationRow[]): number {
  return rows.reduce(
    (sum, row) => sum + kindsOf(row).reduce((inner, [, entry]) => inner + entry.remaining_hours, 0),
    0,
  );
}

function totalOf(rows: readonly AllocationRow[]): number {
  return rows.reduce(
    (sum, row) => sum + kindsOf(row).reduce((inner, [, entry]) => inner + entry.total_hours, 0),
    0,
  );
}

/**
 * The `confirm_subject_allocation/` body: the edited map with its totals brought up to date. Hours
 * a teacher gains are hours a subject loses, so the teachers' unallocated hours shrink by what the
 * subjects' shrink. Teachers have one weekly maximum for every kind of teaching, so both teacher
 * sides count the one shared pool and move together (our server recounts everything anyway).
 */
export function confirmBody(allocation: WorkingAllocation): { subject_to_teacher_map: SubjectToTeacherMap } {
  const { map, original } = allocation;
  const instantLeft = unallocatedOf(map.instant_allocations);
  const separateLeft = unallocatedOf(map.separate_allocations);
  const stats = original.stats;
  const change =
    instantLeft +
    separateLeft -
    unallocatedOf(original.instant_allocations) -
    unallocatedOf(original.separate_allocations);
  return {
    subject_to_teacher_map: {
      ...map,
      stats: {
        ...stats,
        total_subject_hours_instant_allocation: totalOf(map.instant_allocations),
        total_subject_hours_separate_allocation: totalOf(map.separate_allocations),
        unallocated_subject_hours_instant_allocation: instantLeft,
        unallocated_subject_hours_serparate_allocation: separateLeft,
        unallocated_teacher_hours_instant_allocation:
          stats.unallocated_teacher_hours_instant_allocation + change,
        unallocated_teacher_hours_separate_allocation:
          stats.unallocated_teacher_hours_separate_allocation + change,
      },
    },
  };
}

/** Whether the working copy differs from what the server sent. */
export function isEdited(allocation: WorkingAllocation): boolean {
  return allocation.map !== allocation.original;
}
