import { useId } from 'react';
import { cx } from '../../lib/cx';
import { FieldError } from './field-notes';

export interface SelectOption {
  value: string;
  label: string;
}

export interface NativeSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  placeholder: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Shown under the field and announced with it (the field is marked `aria-invalid`). */
  error?: string | null;
}

/**
 * A labelled native `<select>` with an empty placeholder option: keyboard and screen-reader
 * friendly on every platform without extra code.
 */
export function NativeSelect({
  label,
  value,
  options,
  placeholder,
  onChange,
  disabled,
  error,
}: NativeSelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-48 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          'h-10 rounded-lg border bg-white px-3 text-sm text-slate-900',
          'focus:outline-2 focus:outline-offset-1 focus:outline-brand-600',
          error ? 'border-red-500' : 'border-slate-300',
        )}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
