import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { FieldError, FieldHint } from './field-notes';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | null;
  /** A short help text under the label, announced with the field. */
  hint?: string;
  /** Hide the label visually while keeping it for screen readers. */
  hideLabel?: boolean;
  /** Content placed inside the field's right edge (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

/**
 * A labelled text field. The label is always bound to the input, and an error message is linked
 * with `aria-describedby` and marks the field `aria-invalid`.
 */
export function Input({ label, error, hint, hideLabel, trailing, className, id, ...props }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={cx('text-sm font-medium text-slate-700', hideLabel && 'sr-only')}>
        {label}
      </label>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cx(
            'h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
            'focus:outline-2 focus:outline-offset-1 focus:outline-brand-600',
            error ? 'border-red-500' : 'border-slate-300',
            trailing ? 'pr-11' : undefined,
            className,
          )}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
