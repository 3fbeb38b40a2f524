import type { ReactNode } from 'react';

/** The help text under a field; its id goes into the field's `aria-describedby`. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-slate-500">
      {children}
    </p>
  );
}

/** A field's error under it; its id goes into the field's `aria-describedby` with `aria-invalid`. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-600">
      {children}
    </p>
  );
}
