import type { SubjectToTeacherMap } from '@rollbook/contract';
import { conflict } from '../../lib/app-error';
import type { AllocationScope } from './allocation-scope';
import type { WireKind } from './teaching-units';
import { subjectKindKey } from './unit-assignments';

const KINDS: readonly WireKind[] = ['theory', 'lab', 'tutorial', 'practical'];

const STALE_PAGE_MESSAGE =
  'The allocation changed since this page was loaded (divisions, batches or subjects were changed). Nothing was saved: reload the page and make your changes again.';

/**
 * Refuses (409) a confirm sent from a page loaded before the allocation's units changed. Confirm
 * replaces the rows of every planned semester, so a body that misses a subject or kind (a semester
 * that got divisions after the page was loaded) would silently drop its hours, and a body whose
 * `total_hours` differ from today's units (divisions or batches changed) was edited against
 * hours that no longer exist. The page sends every row of the context with its totals untouched,
 * so a normal confirm always passes.
 */
export function assertPageCurrent(state: AllocationScope, map: SubjectToTeacherMap): void {
  const totals = new Map<string, number>();
  for (const ref of state.units) {
    const key = subjectKindKey(ref.offeredId, ref.wireKind);
    totals.set(key, (totals.get(key) ?? 0) + ref.unit.hours);
  }
  const idBySlug = new Map(state.subjects.map((s) => [s.offeredSlug, s.offeredId]));
  const sent = new Map<string, number>();
  for (const row of [...map.instant_allocations, ...map.separate_allocations]) {
    const offeredId = idBySlug.get(row.subject.slug) ?? idBySlug.get(row.subject.subject_map.slug);
    if (offeredId === undefined) continue;
    for (const kind of KINDS) {
      const entry = row.teacher_allocation[kind];
      if (entry) sent.set(subjectKindKey(offeredId, kind), entry.total_hours);
    }
  }
  const missing = [...totals.keys()].some((key) => !sent.has(key));
  const changed = [...sent].some(([key, hours]) => (totals.get(key) ?? 0) !== hours);
  if (missing || changed) throw conflict(STALE_PAGE_MESSAGE);
}
