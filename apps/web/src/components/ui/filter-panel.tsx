import type { ReactNode } from 'react';
import { Input } from './input';

export interface FilterPanelProps {
  /** The search landmark's name ("Filter sessions", "Filter the report"). */
  label: string;
  /** The filters' first problem, shown under them as an alert; null when there is none. */
  error?: string | null;
  children: ReactNode;
}

/**
 * A panel of filters that apply as they change: a search landmark that never submits, laid out in
 * one column on a phone, two on a tablet and three on a laptop (lists and reports share it).
 */
export function FilterPanel({ label, error = null, children }: FilterPanelProps) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-3"
    >
      {children}
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export interface DateRangeFieldsProps {
  startDate: string;
  endDate: string;
  onStartDate: (value: string) => void;
  onEndDate: (value: string) => void;
  /** A problem of the range, shown beside the "To" date. */
  endError?: string | null;
}

/** "From" and "To" dates of a filter panel (inclusive; empty is open-ended). */
export function DateRangeFields({
  startDate,
  endDate,
  onStartDate,
  onEndDate,
  endError,
}: DateRangeFieldsProps) {
  return (
    <>
      <Input label="From" type="date" value={startDate} onChange={(e) => onStartDate(e.target.value)} />
      <Input
        label="To"
        type="date"
        value={endDate}
        onChange={(e) => onEndDate(e.target.value)}
        error={endError ?? null}
      />
    </>
  );
}
