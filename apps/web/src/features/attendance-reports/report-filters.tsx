import type { ReportOptions } from '@rollbook/contract';
import { DateRangeFields, FilterPanel } from '../../components/ui/filter-panel';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';

/** The filters as the form holds them ('' is "all" / "not set"). */
export interface ReportFilterValues {
  subject: string;
  division: string;
  batch: string;
  startDate: string;
  endDate: string;
  below: string;
}

export const NO_REPORT_FILTERS: ReportFilterValues = {
  subject: '',
  division: '',
  batch: '',
  startDate: '',
  endDate: '',
  below: '',
};

/** The query of the report calls for the form's values (empty choices left out). */
export function reportQuery(v: ReportFilterValues) {
  return {
    ...(v.subject ? { subject: v.subject } : {}),
    ...(v.division ? { division: v.division } : {}),
    ...(v.batch ? { batch: v.batch } : {}),
    ...(v.startDate ? { start_date: v.startDate } : {}),
    ...(v.endDate ? { end_date: v.endDate } : {}),
    ...(v.below ? { below: v.below } : {}),
  };
}

export interface ReportFiltersProps {
  options: ReportOptions | undefined;
  values: ReportFilterValues;
  onChange: (values: ReportFilterValues) => void;
  /** The first problem of the filters (a reversed range, a bad percentage), shown under them. */
  error: string | null;
}

/** Subject, division, batch, date range and the detention threshold; each change applies at once. */
export function ReportFilters({ options, values, onChange, error }: ReportFiltersProps) {
  const set = (key: keyof ReportFilterValues) => (value: string) => {
    const next = { ...values, [key]: value };
    // A batch belongs to one division: changing the division clears a batch of another.
    if (key === 'division') next.batch = '';
    onChange(next);
  };
  const subject = options?.subjects.find((s) => s.slug === values.subject);
  const divisions = (options?.divisions ?? []).filter(
    (d) => !subject || d.semester_slug === subject.semester_slug,
  );
  const batches = (options?.batches ?? []).filter((b) =>
    values.division ? b.division_slug === values.division : divisions.some((d) => d.slug === b.division_slug),
  );
  return (
    <FilterPanel label="Filter the report" error={error}>
      <NativeSelect
        label="Subject"
        value={values.subject}
        placeholder="All subjects"
        options={(options?.subjects ?? []).map((s) => ({
          value: s.slug,
          label: `${s.subject_name} · Sem ${s.semester} · ${s.branch}`,
        }))}
        onChange={set('subject')}
      />
      <NativeSelect
        label="Division"
        value={values.division}
        placeholder="All divisions"
        options={divisions.map((d) => ({ value: d.slug, label: d.full_name }))}
        onChange={set('division')}
      />
      <NativeSelect
        label="Batch"
        value={values.batch}
        placeholder="All batches"
        options={batches.map((b) => ({ value: b.slug, label: b.batch_name }))}
        onChange={set('batch')}
      />
      <DateRangeFields
        startDate={values.startDate}
        endDate={values.endDate}
        onStartDate={set('startDate')}
        onEndDate={set('endDate')}
      />
      <Input
        label="Detention below (%)"
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        placeholder={options ? String(options.threshold_percent) : ''}
        value={values.below}
        onChange={(e) => set('below')(e.target.value)}
      />
    </FilterPanel>
  );
}
