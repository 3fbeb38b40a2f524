import { useId } from 'react';

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
}

/**
 * A labelled native `<select>` with an empty placeholder option: keyboard and screen-reader
 * friendly on every platform without extra code.
 */
export function NativeSelect({ label, value, options, placeholder, onChange, disabled }: NativeSelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-48 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
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
