import type {
  AllocationContext,
  AllocationRow,
  AllocationStats,
  Subject,
  TeacherLoad,
} from '@rollbook/contract';
import type { UnitAssignment } from '@rollbook/planner';
import { offeredSubjectToWire, type OfferedRow } from '../../domain/subjects/subject-rows';
import { isPracticalOnly, type UnitRef, type WireKind } from './teaching-units';

/** A teacher who may take load in this allocation. */
export interface PoolTeacher {
  teacherId: number;
  slug: string;
  code: string;
  name: string;
  email: string;
  profileId: number;
  seniority: number | null;
  /** Weekly maximum in force (the teacher's own, else the institution's default). */
  maxHours: number;
  maxIsDefault: boolean;
  /** Whether the teacher belongs to the admin's branches: only those maxima are the admin's to change. */
  ofAdminBranches: boolean;
  /** Hours already confirmed for this teacher in allocations outside this one (other branches). */
  elsewhere: number;
  /** Offered subject slugs, most wanted first. */
  priorities: string[];
}

/** Hours this allocation may give a teacher: their maximum less what they teach elsewhere. */
export function availableHours(teacher: Pick<PoolTeacher, 'maxHours' | 'elsewhere'>): number {
  return Math.max(0, teacher.maxHours - teacher.elsewhere);
}

const KIND_ORDER: readonly WireKind[] = ['theory', 'lab', 'tutorial', 'practical'];

function teacherWire(t: PoolTeacher) {
  return { slug: t.slug, profile: { name: t.name, email: t.email, role: 'teacher' }, teacher_code: t.code };
}

/** Hours per teacher slug for each (offered subject id, kind). */
function hoursBySubjectKind(units: readonly UnitRef[], assignments: readonly UnitAssignment[]) {
  const refById = new Map(units.map((ref) => [ref.unit.id, ref]));
  const result = new Map<string, Map<string, number>>();
  for (const a of assignments) {
    const ref = refById.get(a.unit);
    if (!ref) continue;
    const key = `${ref.offeredId}:${ref.wireKind}`;
    const perTeacher = result.get(key) ?? new Map<string, number>();
    perTeacher.set(a.teacher, (perTeacher.get(a.teacher) ?? 0) + a.hours);
    result.set(key, perTeacher);
  }
  return result;
}

/**
 * The admin allocation screen's data (contract §10.10) from units and their assignments. Subjects
 * with theory or tutorial hours are "instant" allocations (kinds theory, lab, tutorial);
 * practical-only subjects are "separate" ones (kind practical). Teachers have one weekly maximum
 * for every kind of teaching, so each teacher's `initial_*` fields all hold the hours this
 * allocation may give them, and the teacher totals of the stats count that one shared pool on
 * both sides. Every pool teacher is listed, with or without load; each subject in a teacher's
 * lists carries that teacher's rank of it as `priority` (null when unranked).
 */
export function buildContext(
  subjects: readonly OfferedRow[],
  units: readonly UnitRef[],
  assignments: readonly UnitAssignment[],
  teachers: readonly PoolTeacher[],
): AllocationContext {
  const bySlug = new Map(teachers.map((t) => [t.slug, t]));
  const hours = hoursBySubjectKind(units, assignments);
  const totals = new Map<string, number>();
  for (const ref of units) {
    const key = `${ref.offeredId}:${ref.wireKind}`;
    totals.set(key, (totals.get(key) ?? 0) + ref.unit.hours);
  }
  const wireSubjects = new Map<number, Subject>();
  const instant: AllocationRow[] = [];
  const separate: AllocationRow[] = [];
  const subjectTotals = { instant: 0, separate: 0, instantDone: 0, separateDone: 0 };

  for (const subject of subjects) {
    const kinds = KIND_ORDER.filter((kind) => totals.has(`${subject.offeredId}:${kind}`));
    if (kinds.length === 0) continue;
    const wire = offeredSubjectToWire(subject);
    wireSubjects.set(subject.offeredId, wire);
    const allocation: AllocationRow['teacher_allocation'] = {};
    const side = isPracticalOnly(subject) ? 'separate' : 'instant';
    for (const kind of kinds) {
      const key = `${subject.offeredId}:${kind}`;
      const total = totals.get(key) ?? 0;
      const perTeacher = [...(hours.get(key) ?? new Map<string, number>())]
        .map(([slug, h]) => ({ teacher: bySlug.get(slug), hours: h }))
        .filter((e): e is { teacher: PoolTeacher; hours: number } => e.teacher !== undefined && e.hours > 0)
        .sort((a, b) => b.hours - a.hours || a.teacher.name.localeCompare(b.teacher.name));
      const done = perTeacher.reduce((sum, e) => sum + e.hours, 0);
      allocation[kind] = {
        total_hours: total,
        remaining_hours: total - done,
        allocation_done: done,
        teachers: perTeacher.map((e) => ({ teacher: teacherWire(e.teacher), hours: e.hours })),
      };
      subjectTotals[side] += total;
      subjectTotals[side === 'instant' ? 'instantDone' : 'separateDone'] += done;
    }
    const row: AllocationRow = { subject: { ...wire, subject_map: wire }, teacher_allocation: allocation };
    (side === 'instant' ? instant : separate).push(row);
  }

  const refById = new Map(units.map((ref) => [ref.unit.id, ref]));
  const loads: Record<string, TeacherLoad> = {};
  let pool = 0;
  let poolLeft = 0;
  for (const teacher of [...teachers].sort((a, b) => a.name.localeCompare(b.name))) {
    const perKind: Record<WireKind, Map<number, number>> = {
      theory: new Map(),
      lab: new Map(),
      tutorial: new Map(),
      practical: new Map(),
    };
    for (const a of assignments) {
      if (a.teacher !== teacher.slug) continue;
      const ref = refById.get(a.unit);
      if (!ref) continue;
      const map = perKind[ref.wireKind];
      map.set(ref.offeredId, (map.get(ref.offeredId) ?? 0) + a.hours);
    }
    const sum = (kind: WireKind) => [...perKind[kind].values()].reduce((s, h) => s + h, 0);
    const listed = (kind: WireKind) => {
      if (perKind[kind].size === 0) return null;
      const entries: Record<string, { subject: Subject; hours: number }> = {};
      for (const [offeredId, h] of perKind[kind]) {
        const subject = wireSubjects.get(offeredId);
        // The teacher's rank of the subject travels as `priority`, so the screen can report the
        // share of hours taught at each rank.
        const rank = subject ? teacher.priorities.indexOf(subject.slug) + 1 : 0;
        if (subject)
          entries[subject.slug] = { subject: { ...subject, priority: rank > 0 ? rank : null }, hours: h };
      }
      return entries;
    };
    const available = availableHours(teacher);
    const allocated = sum('theory') + sum('lab') + sum('tutorial') + sum('practical');
    pool += available;
    poolLeft += available - allocated;
    loads[teacher.slug] = {
      teacher: teacherWire(teacher),
      initial_theory_hour: available,
      initial_lab_hours: available,
      initial_practical_sub_hours: available,
      total_hours_left: available - allocated,
      total_theory_hours: sum('theory'),
      total_lab_hours: sum('lab'),
      total_practical_sub_hours: sum('practical'),
      total_tutorial_hours: sum('tutorial'),
      theory: listed('theory'),
      lab: listed('lab'),
      practical: listed('practical'),
      tutorial: listed('tutorial'),
      // Sent only where the admin may change it, so the page offers no form that would fail.
      ...(teacher.ofAdminBranches
        ? { max_hours: teacher.maxHours, max_hours_is_default: teacher.maxIsDefault }
        : {}),
    };
  }

  const stats: AllocationStats = {
    total_subject_hours_instant_allocation: subjectTotals.instant,
    total_subject_hours_separate_allocation: subjectTotals.separate,
    unallocated_subject_hours_instant_allocation: subjectTotals.instant - subjectTotals.instantDone,
    unallocated_subject_hours_serparate_allocation: subjectTotals.separate - subjectTotals.separateDone,
    total_teacher_hours_instant_allocation: pool,
    total_teacher_hours_separate_allocation: pool,
    unallocated_teacher_hours_instant_allocation: poolLeft,
    unallocated_teacher_hours_separate_allocation: poolLeft,
  };
  return {
    subject_to_teacher_map: { stats, instant_allocations: instant, separate_allocations: separate },
    teacher_to_subject_map: [loads],
  };
}
