/**
 * The order people read a list of names in: alphabetical, case and accents aside, numbers by value
 * ("Semester 2" before "Semester 10"). For dropdowns of streams and branches, which the server
 * answers in its own (code or creation) order.
 */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The options sorted by their label, ties kept in their given order (a new array). */
export function inLabelOrder<Option extends { label: string }>(options: readonly Option[]): Option[] {
  return [...options].sort((a, b) => collator.compare(a.label, b.label));
}
