import type { Subject } from '@rollbook/contract';
import { Skeleton } from '../../components/ui/skeleton';
import { SubjectCard } from './subject-card';

/** Shown when a year's catalogue is empty (contract §9.3). */
export const NO_SUBJECTS_TEXT = 'No Subjects are available for this academic year.';

export interface SubjectGridProps {
  subjects: readonly Subject[] | undefined;
  loading: boolean;
  selected: ReadonlySet<string>;
  locked: boolean;
  onToggle: (slug: string) => void;
}

/**
 * The grid of subject cards: skeletons while loading, the empty text, otherwise one card per
 * subject (read-only when the selection is locked).
 */
export function SubjectGrid({ subjects, loading, selected, locked, onToggle }: SubjectGridProps) {
  if (loading) {
    return (
      <div role="status" aria-label="Loading subjects" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-56" />
        ))}
      </div>
    );
  }
  if (!subjects) return null;
  if (subjects.length === 0) return <p className="text-slate-600">{NO_SUBJECTS_TEXT}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {subjects.map((subject) => (
        <SubjectCard
          key={subject.slug}
          subject={subject}
          selected={selected.has(subject.slug)}
          {...(locked ? {} : { onToggle: () => onToggle(subject.slug) })}
        />
      ))}
    </div>
  );
}
