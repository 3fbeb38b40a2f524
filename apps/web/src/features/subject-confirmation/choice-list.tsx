import type { Subject } from '@rollbook/contract';

/**
 * A row's expanded content: the person's chosen subjects, in order.
 */
export function ChoiceList({ subjects }: { subjects: readonly Subject[] }) {
  if (subjects.length === 0) return <p className="text-sm text-slate-500">No other choices.</p>;
  return (
    <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-slate-700">
      {subjects.map((subject) => (
        <li key={subject.slug}>
          {subject.subject_name} <span className="text-slate-500">({subject.subject_code})</span>
        </li>
      ))}
    </ol>
  );
}

/** The table row under a person's row that shows their choices, spanning the table's columns. */
export function ChoiceListRow({ subjects, columns }: { subjects: readonly Subject[]; columns: number }) {
  return (
    <tr>
      <td colSpan={columns} className="bg-slate-50 px-6 py-3">
        <ChoiceList subjects={subjects} />
      </td>
    </tr>
  );
}
