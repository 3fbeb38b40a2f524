/**
 * The header of a confirmation table: "Subject - {name}" and "Total Teachers/Students - {n}".
 */
export function SubjectSummary({ name, total }: { name: string; total: number }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-100 px-4 py-3">
      <h2 className="font-semibold text-slate-900">Subject - {name}</h2>
      <p className="text-sm font-medium text-slate-700">Total Teachers/Students - {total}</p>
    </div>
  );
}
