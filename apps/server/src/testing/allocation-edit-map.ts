import type { AllocationContext, SubjectToTeacherMap } from '@rollbook/contract';

type Kind = 'theory' | 'lab' | 'tutorial' | 'practical';
/** Hours per subject code and kind: [teacher slug, hours] pairs. */
export type Edits = Record<string, Partial<Record<Kind, [string, number][]>>>;

/**
 * The context's subject-side map with the listed subjects' kinds replaced, as the admin screen
 * would send it after editing (unlisted kinds keep their teachers). Teachers are copied from the
 * context's teacher map; a slug it does not know is sent with placeholder details.
 */
export function editMap(context: AllocationContext, edits: Edits): SubjectToTeacherMap {
  const loads = context.teacher_to_subject_map[0];
  const teacher = (slug: string) =>
    loads[slug]?.teacher ?? {
      slug,
      profile: { name: 'Someone', email: 'x@example.test', role: 'teacher' },
      teacher_code: 'X',
    };
  const map = structuredClone(context.subject_to_teacher_map);
  for (const row of [...map.instant_allocations, ...map.separate_allocations]) {
    const edit = edits[row.subject.subject_code];
    if (!edit) continue;
    for (const [kind, list] of Object.entries(edit) as [Kind, [string, number][]][]) {
      const entry = row.teacher_allocation[kind] ?? {
        total_hours: 0,
        remaining_hours: 0,
        allocation_done: 0,
        teachers: [],
      };
      entry.teachers = list.map(([slug, hours]) => ({ teacher: teacher(slug), hours }));
      row.teacher_allocation[kind] = entry;
    }
  }
  return map;
}
