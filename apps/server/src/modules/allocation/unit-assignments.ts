import type { UnitAssignment } from '@rollbook/planner';
import type { AllocationRecord } from './allocation.repository';
import type { UnitRef, WireKind } from './teaching-units';

/** Key of one subject's hours of one kind: what the contract's subject rows allocate. */
export function subjectKindKey(offeredId: number, kind: WireKind): string {
  return `${offeredId}:${kind}`;
}

/**
 * Reads stored rows back into unit assignments: a row's hours fill the units of its group
 * (subject, division, batch, kind) in order. `stale` tells that some rows no longer fit the
 * current units (divisions or batches changed, subject hours changed) or name unknown teachers.
 */
export function assignmentsFromRecords(
  units: readonly UnitRef[],
  records: readonly Pick<
    AllocationRecord,
    'teacherId' | 'offeredSubjectId' | 'divisionId' | 'batchId' | 'kind' | 'hours'
  >[],
  teacherSlugById: ReadonlyMap<number, string>,
): { assignments: UnitAssignment[]; stale: boolean } {
  const groups = new Map<string, UnitRef[]>();
  for (const ref of units) groups.set(ref.groupKey, [...(groups.get(ref.groupKey) ?? []), ref]);
  const free = new Map(units.map((ref) => [ref.unit.id, ref.unit.hours]));
  const assignments: UnitAssignment[] = [];
  let stale = false;
  for (const record of records) {
    const teacher = teacherSlugById.get(record.teacherId);
    const group = groups.get(
      `${record.offeredSubjectId}:${record.divisionId ?? '-'}:${record.batchId ?? '-'}:${record.kind}`,
    );
    if (!teacher || !group) {
      stale = true;
      continue;
    }
    let left = record.hours;
    for (const ref of group) {
      const room = free.get(ref.unit.id) ?? 0;
      const take = Math.min(room, left);
      if (take <= 0) continue;
      assignments.push({ unit: ref.unit.id, teacher, hours: take });
      free.set(ref.unit.id, room - take);
      left -= take;
      if (left <= 0) break;
    }
    if (left > 0) stale = true;
  }
  return { assignments: mergeAssignments(assignments), stale };
}

/** One entry per (unit, teacher), hours summed. */
export function mergeAssignments(assignments: readonly UnitAssignment[]): UnitAssignment[] {
  const merged = new Map<string, UnitAssignment>();
  for (const a of assignments) {
    const key = `${a.unit}\u0000${a.teacher}`;
    const before = merged.get(key);
    merged.set(key, before ? { ...before, hours: before.hours + a.hours } : a);
  }
  return [...merged.values()];
}

/** Unit assignments as stored rows, one per teacher and group (subject, division, batch, kind). */
export function recordsFromAssignments(
  units: readonly UnitRef[],
  assignments: readonly UnitAssignment[],
  teacherIdBySlug: ReadonlyMap<string, number>,
  status: AllocationRecord['status'],
): AllocationRecord[] {
  const byId = new Map(units.map((ref) => [ref.unit.id, ref]));
  const rows = new Map<string, AllocationRecord>();
  for (const a of assignments) {
    const ref = byId.get(a.unit);
    const teacherId = teacherIdBySlug.get(a.teacher);
    if (!ref || teacherId === undefined || a.hours <= 0) continue;
    const key = `${teacherId}:${ref.groupKey}`;
    const before = rows.get(key);
    rows.set(
      key,
      before
        ? { ...before, hours: before.hours + a.hours }
        : {
            teacherId,
            semesterId: ref.semesterId,
            offeredSubjectId: ref.offeredId,
            divisionId: ref.divisionId,
            batchId: ref.batchId,
            kind: ref.wireKind,
            hours: a.hours,
            status,
          },
    );
  }
  return [...rows.values()];
}

/** A teacher's hours that could not be placed on whole units (practical blocks). */
export interface UnplacedHours {
  teacher: string;
  subjectKind: string;
  hours: number;
}

/**
 * Turns hours per teacher for each subject and kind (what the admin edits) into unit assignments,
 * changing as little as possible: each teacher first keeps the units they had in `previous` (up to
 * their new hours), then takes free units in order. Theory and tutorial hours may split a unit
 * between teachers; practical units (lab blocks) are only ever taken whole, so hours that do not
 * add up to whole blocks are returned as `unplaced`. Totals above a subject's hours must be
 * rejected before (they also end up in `unplaced`).
 */
export function spreadHours(
  units: readonly UnitRef[],
  targets: ReadonlyMap<string, ReadonlyMap<string, number>>,
  previous: readonly UnitAssignment[],
): { assignments: UnitAssignment[]; unplaced: UnplacedHours[] } {
  const classes = new Map<string, UnitRef[]>();
  for (const ref of units) {
    const key = subjectKindKey(ref.offeredId, ref.wireKind);
    classes.set(key, [...(classes.get(key) ?? []), ref]);
  }
  const assignments: UnitAssignment[] = [];
  const unplaced: UnplacedHours[] = [];
  for (const [key, wanted] of targets) {
    const refs = classes.get(key) ?? [];
    const whole = refs[0]?.unit.kind === 'practical';
    const ids = new Set(refs.map((ref) => ref.unit.id));
    const free = new Map(refs.map((ref) => [ref.unit.id, ref.unit.hours]));
    const left = new Map([...wanted].filter(([, hours]) => hours > 0));
    const give = (unit: string, teacher: string, hours: number) => {
      assignments.push({ unit, teacher, hours });
      free.set(unit, (free.get(unit) ?? 0) - hours);
      left.set(teacher, (left.get(teacher) ?? 0) - hours);
    };
    for (const before of previous) {
      if (!ids.has(before.unit)) continue;
      const want = left.get(before.teacher) ?? 0;
      const room = free.get(before.unit) ?? 0;
      const take = whole
        ? before.hours <= want && before.hours <= room
          ? before.hours
          : 0
        : Math.min(want, room, before.hours);
      if (take > 0) give(before.unit, before.teacher, take);
    }
    for (const [teacher] of left) {
      // Whole blocks: larger first, so 2-hour blocks are used before any 1-hour remainder.
      const order = whole ? [...refs].sort((a, b) => b.unit.hours - a.unit.hours) : refs;
      for (const ref of order) {
        const want = left.get(teacher) ?? 0;
        if (want <= 0) break;
        const room = free.get(ref.unit.id) ?? 0;
        if (whole) {
          if (room === ref.unit.hours && room <= want) give(ref.unit.id, teacher, room);
        } else if (room > 0) {
          give(ref.unit.id, teacher, Math.min(room, want));
        }
      }
      const rest = left.get(teacher) ?? 0;
      if (rest > 0) unplaced.push({ teacher, subjectKind: key, hours: rest });
    }
  }
  return { assignments: mergeAssignments(assignments), unplaced };
}
