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

/**
 * Per-teacher loads, per-subject allocation and the quality report of any allocation (from
 * `allocateLoad` or edited by the admin). Assignments to unknown units or teachers are ignored
 * here; `validateAllocation` reports them. Load statistics cover teachers with a maximum above 0.
 */
export function summariseAllocation(
  units: readonly TeachingUnit[],
  teachers: readonly PlannerTeacher[],
  assignments: readonly UnitAssignment[],
  defaultMaxHours: number = DEFAULT_MAX_HOURS,
): { teachers: TeacherLoad[]; subjects: SubjectAllocation[]; report: AllocationReport } {
  const unitById = new Map(units.map((unit) => [unit.id, unit]));
  const teacherBySlug = new Map(teachers.map((teacher) => [teacher.slug, teacher]));
  const rankOf = (teacher: PlannerTeacher, subject: string) => {
    const index = teacher.priorities.indexOf(subject);
    return index < 0 ? null : index + 1;
  };
  const valid = assignments.filter((entry) => unitById.has(entry.unit) && teacherBySlug.has(entry.teacher));

  const teacherLoads = teachers.map((teacher) => {
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
  const loads = teacherLoads.filter((load) => load.maxHours > 0).map((load) => load.total);
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
    },
  };
}
