import type { HistoryMetadata } from '@rollbook/contract';
import { Button } from '../../components/ui/button';
import { DateRangeFields, FilterPanel } from '../../components/ui/filter-panel';
import { NativeSelect } from '../../components/ui/native-select';
import { inLabelOrder } from '../../lib/option-order';

/** The filters as the form holds them: one choice per list ('' is all), dates as typed. */
export interface HistoryFilterValues {
  subject: string;
  branch: string;
  semester: string;
  division: string;
  startDate: string;
  endDate: string;
}

export const NO_FILTERS: HistoryFilterValues = {
  subject: '',
  branch: '',
  semester: '',
  division: '',
  startDate: '',
  endDate: '',
};

/** The body of `get_sessions_of_teacher` for the form's values (empty choices are left out). */
export function filtersBody(values: HistoryFilterValues) {
  const list = (slug: string) => (slug ? [slug] : undefined);
  return {
    subjects: list(values.subject),
    branches: list(values.branch),
    semesters: list(values.semester),
    divisions: list(values.division),
    start_date: values.startDate || undefined,
    end_date: values.endDate || undefined,
  };
}

export interface HistoryFiltersProps {
  metadata: HistoryMetadata | undefined;
  values: HistoryFilterValues;
  onChange: (values: HistoryFilterValues) => void;
  /** The date range's problem, shown beside the "To" date. */
  dateError: string | null;
}

/** Subject, branch, semester and division pickers and a date range; each change applies at once. */
export function HistoryFilters({ metadata, values, onChange, dateError }: HistoryFiltersProps) {
  const set = (key: keyof HistoryFilterValues) => (value: string) => onChange({ ...values, [key]: value });
  const filtered = Object.values(values).some(Boolean);
  return (
    <FilterPanel label="Filter sessions">
      <NativeSelect
        label="Subject"
        value={values.subject}
        placeholder="All subjects"
        options={(metadata?.subjects ?? []).map((s) => ({ value: s.slug, label: s.subject_name }))}
        onChange={set('subject')}
      />
      <NativeSelect
        label="Branch"
        value={values.branch}
        placeholder="All branches"
        options={inLabelOrder(
          (metadata?.branches ?? []).map((b) => ({ value: b.slug, label: b.branch_name })),
        )}
        onChange={set('branch')}
      />
      <NativeSelect
        label="Semester"
        value={values.semester}
        placeholder="All semesters"
        options={(metadata?.semesters ?? []).map((s) => ({
          value: s.slug,
          label: `Semester ${s.no} · ${s.branch_name}`,
        }))}
        onChange={set('semester')}
      />
      <NativeSelect
        label="Division"
        value={values.division}
        placeholder="All divisions"
        options={(metadata?.divisions ?? []).map((d) => ({ value: d.slug, label: d.full_name }))}
        onChange={set('division')}
      />
      <DateRangeFields
        startDate={values.startDate}
        endDate={values.endDate}
        onStartDate={set('startDate')}
        onEndDate={set('endDate')}
        endError={dateError}
      />
      {filtered ? (
        <div className="sm:col-span-2 lg:col-span-3">
          <Button type="button" variant="secondary" size="sm" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </FilterPanel>
  );
}
