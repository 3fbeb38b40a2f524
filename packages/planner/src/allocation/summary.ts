import { DEFAULT_MAX_HOURS } from './problem';
import type {
  AllocationReport,
  PlannerTeacher,
  SubjectAllocation,
  TeacherLoad,
  TeachingUnit,
  UnitAssignment,
  UnitKind,
} from './types';

const KINDS: readonly UnitKind[] = ['theory', 'tutorial', 'practical'];

/** To 0.1 h: the figures are shown to people, and float noise would read as a deviation. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * Teachers who share the covered hours: a maximum above 0 and a ranked subject among these units,
 * or load given anyway (an unranked teacher under `allowUnranked`). Others have no fair share.
 */
function sharingTeachers(
  units: readonly TeachingUnit[],
  teachers: readonly PlannerTeacher[],
  loads: readonly { maxHours: number; total: number }[],
): Set<string> {
  const subjects = new Set(units.map((unit) => unit.subject));
  const sharing = new Set<string>();
  teachers.forEach((teacher, index) => {
    const load = loads[index];
    if (!load || load.maxHours <= 0) return;
    if (load.total > 0 || teacher.priorities.some((subject) => subjects.has(subject)))
      sharing.add(teacher.slug);
  });
  return sharing;
}

/**
 * Per-teacher loads, per-subject allocation and the quality report of any allocation (from
 * `allocateLoad` or edited by the admin). Assignments to unknown units or teachers are ignored
 * here; `validateAllocation` reports them. Load statistics cover teachers with a maximum above 0.
 * Each teacher's deviation is measured from `fairUtilisation` × their maximum; `allocateLoad` passes
 * the one its cost uses; without it, covered hours over the maxima of the teachers who share them
 * (see `sharingTeachers`).
 */
export function summariseAllocation(
  units: readonly TeachingUnit[],
  teachers: readonly PlannerTeacher[],
  assignments: readonly UnitAssignment[],
  defaultMaxHours: number = DEFAULT_MAX_HOURS,
  fairUtilisation?: number,
): { teachers: TeacherLoad[]; subjects: SubjectAllocation[]; report: AllocationReport } {
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const teacherBySlug = new Map(teachers.map((teacher) => [teacher.slug, teacher]));
  const rankOf = (teacher: PlannerTeacher, subject: string) => {
    const index = teacher.priorities.indexOf(subject);
    return index < 0 ? null : index + 1;
  };
  const valid = assignments.filter((entry) => unitById.has(entry.unit) && teacherBySlug.has(entry.teacher));

  const baseLoads = teachers.map((teacher) => {
    const mine = valid.filter((entry) => entry.teacher === teacher.slug);
    const byKind = (kind: UnitKind) =>
      mine
        .filter((entry) => unitById.get(entry.unit)?.kind === kind)
        .reduce((sum, entry) => sum + entry.hours, 0);
    const perSubject = new Map<
      string,
      { subject: string; kind: UnitKind; hours: number; rank: number | null }
    >();
    for (const entry of mine) {
      const unit = unitById.get(entry.unit) as TeachingUnit;
      const key = `${unit.subject}\u0000${unit.kind}`;
      const row = perSubject.get(key) ?? {
        subject: unit.subject,
        kind: unit.kind,
        hours: 0,
        rank: rankOf(teacher, unit.subject),
      };
      perSubject.set(key, { ...row, hours: row.hours + entry.hours });
    }
    const maxHours = teacher.maxHours ?? defaultMaxHours;
    const total = mine.reduce((sum, entry) => sum + entry.hours, 0);
    return {
      teacher: teacher.slug,
      maxHours,
      theory: byKind('theory'),
      tutorial: byKind('tutorial'),
      practical: byKind('practical'),
      total,
      hoursLeft: maxHours - total,
      subjects: [...perSubject.values()],
    };
  });
  const sharing = sharingTeachers(units, teachers, baseLoads);
  const sharedCapacity = baseLoads
    .filter((load) => sharing.has(load.teacher))
    .reduce((sum, load) => sum + load.maxHours, 0);
  const sharedHours = baseLoads.reduce((sum, load) => sum + load.total, 0);
  const share = fairUtilisation ?? (sharedCapacity > 0 ? sharedHours / sharedCapacity : 0);
  const teacherLoads: TeacherLoad[] = baseLoads.map((load) => {
    const fair = sharing.has(load.teacher) ? share * load.maxHours : 0;
    const distinctSubjects = new Set(load.subjects.map((entry) => entry.subject)).size;
    return {
      ...load,
      fairHours: tenth(fair),
      deviation: tenth(load.total - fair),
      subjectSwitches: Math.max(0, distinctSubjects - 1),
    };
  });

  const subjectRows: SubjectAllocation[] = [];
  const subjectOrder = [...new Set(units.map((unit) => unit.subject))];
  for (const subject of subjectOrder) {
    for (const kind of KINDS) {
      const mine = units.filter((unit) => unit.subject === subject && unit.kind === kind);
      if (mine.length === 0) continue;
      const ids = new Set(mine.map((unit) => unit.id));
      const perTeacher = new Map<string, number>();
      for (const entry of valid) {
        if (ids.has(entry.unit))
          perTeacher.set(entry.teacher, (perTeacher.get(entry.teacher) ?? 0) + entry.hours);
      }
      const totalHours = mine.reduce((sum, unit) => sum + unit.hours, 0);
      const allocatedHours = [...perTeacher.values()].reduce((sum, hours) => sum + hours, 0);
      subjectRows.push({
        subject,
        kind,
        totalHours,
        allocatedHours,
        remainingHours: totalHours - allocatedHours,
        teachers: [...perTeacher].map(([teacher, hours]) => ({ teacher, hours })),
      });
    }
  }

  const totalHours = units.reduce((sum, unit) => sum + unit.hours, 0);
  const coveredHours = valid.reduce((sum, entry) => sum + entry.hours, 0);
  const byRank = new Map<number | null, number>();
  for (const entry of valid) {
    const unit = unitById.get(entry.unit) as TeachingUnit;
    const rank = rankOf(teacherBySlug.get(entry.teacher) as PlannerTeacher, unit.subject);
    byRank.set(rank, (byRank.get(rank) ?? 0) + entry.hours);
  }
  const rankShare = [...byRank]
    .sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity))
    .map(([rank, hours]) => ({ rank, hours, share: coveredHours > 0 ? hours / coveredHours : 0 }));
  const counted = teacherLoads.filter((load) => load.maxHours > 0);
  const loads = counted.map((load) => load.total);
  const sharers = teacherLoads.filter((load) => sharing.has(load.teacher));
  const deviations = sharers.map((load) => Math.abs(load.deviation));
  const switches = sharers.map((load) => load.subjectSwitches);
  const average = (values: readonly number[]) =>
    values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
  const mean = loads.length > 0 ? loads.reduce((sum, value) => sum + value, 0) / loads.length : 0;
  const variance =
    loads.length > 0 ? loads.reduce((sum, value) => sum + (value - mean) ** 2, 0) / loads.length : 0;
  const staffed = subjectRows.filter((row) => row.teachers.length > 0);
  return {
    teachers: teacherLoads,
    subjects: subjectRows,
    report: {
      totalHours,
      coveredHours,
      coverage: totalHours > 0 ? coveredHours / totalHours : 1,
      rankShare,
      load: {
        min: loads.length > 0 ? Math.min(...loads) : 0,
        max: loads.length > 0 ? Math.max(...loads) : 0,
        spread: loads.length > 0 ? Math.max(...loads) - Math.min(...loads) : 0,
        mean,
        stdDev: Math.sqrt(variance),
      },
      teachersPerSubject:
        staffed.length > 0 ? staffed.reduce((sum, row) => sum + row.teachers.length, 0) / staffed.length : 0,
      deviation: { meanAbs: tenth(average(deviations)), maxAbs: Math.max(0, ...deviations) },
      subjectSwitches: { mean: average(switches), max: Math.max(0, ...switches) },
    },
  };
}
