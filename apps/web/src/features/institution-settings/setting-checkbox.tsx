import type { ReactNode } from 'react';
import { FieldError, FieldHint } from '../../components/ui/field-notes';

/**
 * One on/off setting of the institution form: the box and its label, an optional hint below (tied to
 * the box for screen readers) and the field's error when there is one.
 */
export function SettingCheckbox({
  id,
  label,
  hint,
  error,
  checked,
  disabled = false,
  onChange,
}: {
  /** Prefix of the hint's and the error's element ids (unique on the page). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={describedBy || undefined}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 accent-brand-600 disabled:opacity-50"
        />
        <span>{label}</span>
      </label>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
