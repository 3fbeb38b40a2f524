import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface LabelledSelectProps {
  label: string;
  placeholder: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/**
 * A native select with a visible label and a placeholder option: the platform's own picker is
 * keyboard and screen-reader friendly and fits phones.
 */
export function LabelledSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
  disabled,
}: LabelledSelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-slate-100"
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
