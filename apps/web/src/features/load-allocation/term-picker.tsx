import type { AllocationContext } from '@rollbook/contract';
import { NativeSelect } from '../../components/ui/native-select';
import { ALLOCATION_TEXT } from './allocation-text';

type TermOption = NonNullable<NonNullable<AllocationContext['scope']>['terms']>[number];

/**
 * Which term's allocation the page shows, offered only when a past term kept one: the current
 * allocation (the empty value) or a past term, read only. A single term needs no picker.
 */
export function TermPicker({
  terms,
  value,
  onChange,
  disabled,
}: {
  terms: readonly TermOption[];
  value: string | null;
  onChange: (term: string | null) => void;
  disabled?: boolean;
}) {
  const past = terms.filter((term): term is TermOption & { key: string } => term.key !== null);
  if (past.length === 0) return null;
  const current = terms.find((term) => term.key === null)?.label ?? 'Current';
  return (
    <div className="max-w-md">
      <NativeSelect
        label={ALLOCATION_TEXT.termLabel}
        value={value ?? ''}
        placeholder={current}
        options={past.map((term) => ({ value: term.key, label: term.label }))}
        onChange={(next) => onChange(next === '' ? null : next)}
        disabled={disabled}
      />
    </div>
  );
}
