import type { ChangeEvent } from 'react';

/** The keys of a form whose values are typed text. */
export type TextKeyOf<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** What an `<Input>` needs to show and change one text field of a form held in state. */
export interface BoundTextField {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * Binds the text fields of a form kept in state to `<Input>`s: `<Input label="Name" {...field('name')} />`
 * shows the value and its problem and writes every keystroke back through the form's own `set`
 * (which also clears that field's problem where the form does so).
 */
export function textFieldBinder<F>(
  form: F,
  errors: Partial<Record<keyof F, string | undefined>>,
  set: (key: TextKeyOf<F>, value: string) => void,
): (key: TextKeyOf<F>) => BoundTextField {
  return (key) => ({
    value: form[key] as string,
    onChange: (event) => set(key, event.target.value),
    error: errors[key],
  });
}
