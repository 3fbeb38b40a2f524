import type { AllocationContext } from '@rollbook/contract';
import { CalendarRange } from 'lucide-react';

type ScopeSemester = NonNullable<AllocationContext['scope']>['semesters'][number];

/** The semesters grouped under their term, terms in the order they first appear. */
export function semestersByTerm(semesters: readonly ScopeSemester[]): [string, ScopeSemester[]][] {
  const terms = new Map<string, ScopeSemester[]>();
  for (const s of semesters) terms.set(s.term, [...(terms.get(s.term) ?? []), s]);
  return [...terms];
}

/**
 * What the allocation covers, at the top of the page: the term and the semesters (with whether
 * each is confirmed), so the admin knows which timetables this load is for. The current allocation
 * covers the active semesters with divisions (one term in practice; several are listed apart); a
 * past term picked with the TermPicker lists that term's semesters.
 */
export function AllocationScope({ semesters }: { semesters: readonly ScopeSemester[] }) {
  return (
    <section
      aria-label="Allocation scope"
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
    >
      <CalendarRange className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
      {semesters.length === 0 ? (
        <p>No semester of your branches has divisions yet: create divisions first, then allocate.</p>
      ) : (
        <div className="flex flex-col gap-1">
          {semestersByTerm(semesters).map(([term, list]) => (
            <p key={term}>
              <span className="font-semibold text-slate-900">Term {term}:</span>{' '}
              {list.map((s) => `${s.label}${s.confirmed ? ' (confirmed)' : ''}`).join('; ')}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
