import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/caller';
import { notFound } from '../../lib/app-error';
import { createScope, termKey, termLabel, type SemesterScope } from '../../domain/caller-scope';
import { createAllocationRepository, type AllocationRepository } from './allocation.repository';

/** A term the allocation page can show: the current allocation (key null) or a past term's. */
export interface AllocationTermOption {
  key: string | null;
  label: string;
}

/** The semesters among some that have divisions (only those have anything to allocate), with those divisions. */
export async function withDivisions(repo: AllocationRepository, candidates: readonly SemesterScope[]) {
  const divisions = await repo.divisionsOf(candidates.map((s) => s.id));
  return { semesters: candidates.filter((s) => divisions.some((d) => d.semesterId === s.id)), divisions };
}

/** The caller's closed semesters that kept an allocation (proposed or confirmed rows). */
async function closedWithAllocation(db: Db, mine: readonly SemesterScope[]): Promise<SemesterScope[]> {
  const closed = mine.filter((s) => !s.isActive);
  const kept = await createAllocationRepository(db).semestersWithRecords(closed.map((s) => s.id));
  return closed.filter((s) => kept.has(s.id));
}

/** A past term's semesters among the caller's, or 404 when none of them kept an allocation. */
export async function pastTermSemesters(
  db: Db,
  mine: readonly SemesterScope[],
  key: string,
): Promise<SemesterScope[]> {
  const found = (await closedWithAllocation(db, mine)).filter((s) => termKey(s) === key);
  if (found.length === 0) throw notFound('Term');
  return found;
}

/** Newest first: a later academic year, and within a year the even half (it follows the odd one). */
function newestFirst(a: string, b: string): number {
  const year = (key: string) => key.replace(/-(odd|even)$/, '');
  const half = (key: string) => (key.endsWith('-even') ? 1 : 0);
  return year(b).localeCompare(year(a)) || half(b) - half(a);
}

/**
 * The terms an admin may look at: the current allocation (labelled by the terms of the active
 * semesters with divisions) and every past term in which their closed semesters kept an
 * allocation, newest first. Only the admin's branches count, as for the allocation itself.
 */
export async function allocationTerms(db: Db, auth: AuthContext): Promise<AllocationTermOption[]> {
  const mine = await createScope(db).semestersOf(auth);
  const { semesters: planned } = await withDivisions(
    createAllocationRepository(db),
    mine.filter((s) => s.isActive),
  );
  const currentTerms = [...new Set(planned.map(termLabel))];
  const past = new Map<string, string>();
  for (const s of await closedWithAllocation(db, mine)) past.set(termKey(s), termLabel(s));
  return [
    {
      key: null,
      label:
        currentTerms.length > 0 ? `Current: ${currentTerms.join('; ')}` : 'Current: no planned semesters',
    },
    ...[...past.keys()].sort(newestFirst).map((key) => ({ key, label: past.get(key) ?? key })),
  ];
}
