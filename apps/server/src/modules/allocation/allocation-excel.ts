import type { ExcelFile } from '@rollbook/contract';
import { summariseAllocation, type UnitAssignment } from '@rollbook/planner';
import { semesterLabel } from '../../domain/caller-scope';
import { buildWorkbook } from '../../lib/workbook';
import type { AllocationScope } from './allocation-scope';
import { availableHours } from './allocation-wire';
import type { WireKind } from './teaching-units';

const KIND_NAME: Record<WireKind, string> = {
  theory: 'Theory',
  tutorial: 'Tutorial',
  lab: 'Lab',
  practical: 'Practical',
};

/**
 * The confirmed allocation as a workbook (cells are typed values, never formulas): "Teacher load"
 * with the columns of the Allocated Subjects tab (DE and Project are not modelled, so 0) plus
 * maximum and hours left, and the per-teacher figures of issue 20 (fair share of the allocated
 * hours, deviation from it, subject switches; decision allocation-0006); "Allocation" with every division and batch and who teaches it; and
 * "Not allocated" with the hours of each subject nobody teaches yet.
 */
export function allocationWorkbook(
  state: AllocationScope,
  assignments: readonly UnitAssignment[],
): Promise<ExcelFile> {
  const refById = new Map(state.units.map((ref) => [ref.unit.id, ref]));
  const subjectById = new Map(state.subjects.map((s) => [s.offeredId, s]));
  const semesterById = new Map(state.semesters.map((s) => [s.id, s]));
  const teacherBySlug = new Map(state.teachers.map((t) => [t.slug, t]));
  // Against the hours this allocation may give each teacher, as the solver's input has them.
  const figures = summariseAllocation(
    state.units.map((ref) => ref.unit),
    state.teachers.map((t) => ({ slug: t.slug, priorities: t.priorities, maxHours: availableHours(t) })),
    assignments,
  ).teachers;

  const loadRows = state.teachers.map((teacher, index) => {
    const mine = assignments.filter((a) => a.teacher === teacher.slug);
    const byKind = (kinds: WireKind[]) =>
      mine
        .filter((a) => kinds.includes(refById.get(a.unit)?.wireKind ?? 'theory'))
        .reduce((s, a) => s + a.hours, 0);
    const subjects = [...new Set(mine.map((a) => refById.get(a.unit)?.offeredId))]
      .map((id) => (id === undefined ? undefined : subjectById.get(id)))
      .filter((s) => s !== undefined)
      .map((s) => `${s.subjectName} (${s.subjectCode})`);
    const th = byKind(['theory']);
    const pr = byKind(['lab', 'practical']);
    const tut = byKind(['tutorial']);
    const total = th + pr + tut;
    return [
      index + 1,
      teacher.name,
      teacher.code,
      subjects.join('; '),
      th,
      pr,
      tut,
      0,
      total,
      0,
      total,
      teacher.maxHours,
      availableHours(teacher) - total,
      figures[index]?.fairHours ?? 0,
      figures[index]?.deviation ?? 0,
      figures[index]?.subjectSwitches ?? 0,
    ];
  });

  const grouped = new Map<string, { unitId: string; teacher: string; hours: number }>();
  for (const a of assignments) {
    const ref = refById.get(a.unit);
    if (!ref) continue;
    const key = `${ref.groupKey}\u0000${a.teacher}`;
    const before = grouped.get(key);
    grouped.set(key, {
      unitId: before?.unitId ?? a.unit,
      teacher: a.teacher,
      hours: (before?.hours ?? 0) + a.hours,
    });
  }
  const detailRows = [...grouped.values()]
    .sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : a.teacher.localeCompare(b.teacher)))
    .map(({ unitId, teacher, hours }) => {
      const ref = refById.get(unitId)!;
      const subject = subjectById.get(ref.offeredId);
      const semester = semesterById.get(ref.semesterId);
      const person = teacherBySlug.get(teacher);
      return [
        semester ? semesterLabel(semester) : '',
        subject?.subjectCode ?? '',
        subject?.subjectName ?? '',
        KIND_NAME[ref.wireKind],
        ref.unit.division,
        ref.unit.batch ?? '',
        person?.name ?? '',
        person?.code ?? '',
        hours,
      ];
    });

  const remaining = state.subjects
    .map((subject) => {
      const left = (kinds: WireKind[]) => {
        const refs = state.units.filter(
          (r) => r.offeredId === subject.offeredId && kinds.includes(r.wireKind),
        );
        const ids = new Set(refs.map((r) => r.unit.id));
        const total = refs.reduce((s, r) => s + r.unit.hours, 0);
        return total - assignments.filter((a) => ids.has(a.unit)).reduce((s, a) => s + a.hours, 0);
      };
      const semester = semesterById.get(subject.semesterId);
      return {
        hours: [left(['theory']), left(['lab', 'practical']), left(['tutorial'])],
        row: [semester ? semesterLabel(semester) : '', subject.subjectCode, subject.subjectName],
      };
    })
    .filter((r) => r.hours.some((h) => h > 0))
    .map((r) => [...r.row, ...r.hours]);

  return buildWorkbook('teacher_load_allocation.xlsx', [
    {
      name: 'Teacher load',
      columns: [
        { header: 'Sr. No.', width: 8 },
        { header: 'Faculty Name', width: 28 },
        { header: 'Teacher code', width: 12 },
        { header: 'Allocated Subjects', width: 60 },
        { header: 'Th', width: 6 },
        { header: 'Pr', width: 6 },
        { header: 'Tut', width: 6 },
        { header: 'DE', width: 6 },
        { header: 'Total', width: 8 },
        { header: 'Project', width: 8 },
        { header: 'Total with Project', width: 10 },
        { header: 'Weekly maximum', width: 10 },
        { header: 'Hours left', width: 10 },
        { header: 'Fair share', width: 10 },
        { header: 'Deviation', width: 10 },
        { header: 'Subject switches', width: 10 },
      ],
      rows: loadRows,
    },
    {
      name: 'Allocation',
      columns: [
        { header: 'Semester', width: 40 },
        { header: 'Subject code', width: 14 },
        { header: 'Subject', width: 36 },
        { header: 'Kind', width: 10 },
        { header: 'Division', width: 10 },
        { header: 'Batch', width: 10 },
        { header: 'Faculty Name', width: 28 },
        { header: 'Teacher code', width: 12 },
        { header: 'Hours', width: 8 },
      ],
      rows: detailRows,
    },
    {
      name: 'Not allocated',
      columns: [
        { header: 'Semester', width: 40 },
        { header: 'Subject code', width: 14 },
        { header: 'Subject', width: 36 },
        { header: 'Remaining Theory Hours', width: 12 },
        { header: 'Remaining Practical Hours', width: 12 },
        { header: 'Remaining Tutorial Hours', width: 12 },
      ],
      rows: remaining,
    },
  ]);
}
