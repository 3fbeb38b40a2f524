import type { Subject } from '@rollbook/contract';

/**
 * The student's saved electives, in category order.
 */
export function SavedElectives({ subjects }: { subjects: readonly Subject[] }) {
  return (
    <section
      aria-labelledby="saved-electives"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="saved-electives" className="mb-3 font-semibold text-slate-900">
        Your Elective Subjects
      </h2>
      <ul className="flex flex-col gap-2">
        {subjects.map((subject) => (
          <li key={subject.slug} className="flex justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="font-medium text-slate-900">{subject.subject_name}</span>
            <span className="text-sm text-slate-600">
              {subject.subject_code} · {subject.category}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
