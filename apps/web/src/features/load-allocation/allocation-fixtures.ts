import type { AllocationContext, AllocationRow, Subject, TeacherLoad } from '@rollbook/contract';
import type { AllocationKind, AllocationTeacher } from './allocation-model';

function subject(slug: string, name: string, code: string, practicalOnly = false): Subject {
  return {
    slug,
    subject_name: name,
    subject_code: code,
    short_name: null,
    category: 'Professional Core',
    sem_year: 5,
    stream_code: '07',
    eff_from: '2021-22',
    acedemic_year: '2026-27',
    ...{ L: practicalOnly ? 0 : 3, T: 0, P: 2, credit: 4, E: 70, M: 30, I: 20, V: 30, total_marks: 150 },
    is_theory: !practicalOnly,
    is_practical: practicalOnly,
    is_semipractical: false,
    is_elective: false,
    is_functional: false,
    is_technical: true,
    practical_exam_duration: '',
    theory_exam_duration: '',
    remark: '',
  };
}

function teacher(slug: string, name: string, code: string): AllocationTeacher {
  return { slug, profile: { name, email: `${slug}@rollbook.test`, role: 'teacher' }, teacher_code: code };
}

export const asha = teacher('asha', 'Asha Mehta', 'AM');
export const ravi = teacher('ravi', 'Ravi Shah', 'RS');
export const meera = teacher('meera', 'Meera Iyer', 'MI');

export const networks = subject('cn', 'Computer Networks', '3150710');
export const structures = subject('ds', 'Data Structures', '3130702');
export const pythonLab = subject('pl', 'Python Lab', '3150713', true);

type Shares = [AllocationTeacher, number][];

function kind(total: number, shares: Shares) {
  const done = shares.reduce((sum, [, hours]) => sum + hours, 0);
  return {
    total_hours: total,
    remaining_hours: total - done,
    allocation_done: done,
    teachers: shares.map(([who, hours]) => ({ teacher: who, hours })),
  };
}

function row(of: Subject, kinds: Partial<Record<AllocationKind, [number, Shares]>>): AllocationRow {
  const teacherAllocation: AllocationRow['teacher_allocation'] = {};
  for (const [name, [total, shares]] of Object.entries(kinds) as [AllocationKind, [number, Shares]][]) {
    teacherAllocation[name] = kind(total, shares);
  }
  return { subject: { ...of, subject_map: of }, teacher_allocation: teacherAllocation };
}

function load(
  who: AllocationTeacher,
  maxHours: number,
  hoursLeft: number,
  holds: { kind: AllocationKind; of: Subject; hours: number; priority: number }[],
): TeacherLoad {
  const byKind = (kindName: AllocationKind) => {
    const mine = holds.filter((hold) => hold.kind === kindName);
    return mine.length === 0
      ? null
      : Object.fromEntries(
          mine.map((hold) => [
            hold.of.slug,
            { subject: { ...hold.of, priority: hold.priority }, hours: hold.hours },
          ]),
        );
  };
  const sum = (kindName: AllocationKind) =>
    holds.filter((hold) => hold.kind === kindName).reduce((total, hold) => total + hold.hours, 0);
  return {
    teacher: who,
    initial_theory_hour: 0,
    initial_lab_hours: 0,
    initial_practical_sub_hours: 0,
    total_hours_left: hoursLeft,
    total_theory_hours: sum('theory'),
    total_lab_hours: sum('lab'),
    total_practical_sub_hours: sum('practical'),
    total_tutorial_hours: sum('tutorial'),
    theory: byKind('theory'),
    lab: byKind('lab'),
    practical: byKind('practical'),
    tutorial: byKind('tutorial'),
    max_hours: maxHours,
    max_hours_is_default: maxHours === 10,
  };
}

/**
 * A small proposal (maxima: 10 is the default): Asha (max 10) teaches 3 h theory and 2 h lab of Computer Networks and 2 h of
 * Python Lab; Ravi (max 6) 3 h theory of Computer Networks and 2 h of Data Structures; Meera
 * (max 4) nothing. Unallocated: 2 h lab of Computer Networks, 2 h theory of Data Structures and
 * 2 h of Python Lab.
 */
export function buildContext(): AllocationContext {
  return {
    subject_to_teacher_map: {
      stats: {
        total_subject_hours_instant_allocation: 14,
        total_subject_hours_separate_allocation: 4,
        unallocated_subject_hours_instant_allocation: 4,
        unallocated_subject_hours_serparate_allocation: 2,
        total_teacher_hours_instant_allocation: 20,
        total_teacher_hours_separate_allocation: 20,
        unallocated_teacher_hours_instant_allocation: 8,
        unallocated_teacher_hours_separate_allocation: 8,
      },
      instant_allocations: [
        row(networks, {
          theory: [
            6,
            [
              [asha, 3],
              [ravi, 3],
            ],
          ],
          lab: [4, [[asha, 2]]],
        }),
        row(structures, { theory: [4, [[ravi, 2]]] }),
      ],
      separate_allocations: [row(pythonLab, { practical: [4, [[asha, 2]]] })],
    },
    teacher_to_subject_map: [
      {
        asha: load(asha, 10, 3, [
          { kind: 'theory', of: networks, hours: 3, priority: 1 },
          { kind: 'lab', of: networks, hours: 2, priority: 1 },
          { kind: 'practical', of: pythonLab, hours: 2, priority: 2 },
        ]),
        ravi: load(ravi, 6, 1, [
          { kind: 'theory', of: networks, hours: 3, priority: 2 },
          { kind: 'theory', of: structures, hours: 2, priority: 1 },
        ]),
        meera: load(meera, 4, 4, []),
      },
    ],
  };
}
