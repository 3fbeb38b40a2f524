import type { StreamSubjects } from '@rollbook/contract';
import { byPriority } from './choice-payload';

/**
 * The teacher's saved subjects per stream, in priority order.
 */
export function SavedChoices({ streams }: { streams: readonly StreamSubjects[] }) {
  return (
    <div className="flex flex-col gap-4">
      {streams.map((group) => (
        <section
          key={group.stream}
          id={group.stream}
          aria-label={`Saved subjects of ${group.stream}`}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 className="mb-3 font-semibold text-slate-900">{group.stream}</h2>
          <ol className="flex flex-col gap-2">
            {byPriority(group.subjects).map((subject, index) => (
              <li key={subject.slug} className="flex justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
                <span className="font-medium text-slate-900">{subject.subject_name}</span>
                <span className="text-sm text-slate-600">
                  Priority - {subject.priority ?? index + 1} · {subject.subject_code}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
