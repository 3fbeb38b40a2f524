/**
 * Joins class names, skipping falsy entries, so conditional Tailwind classes read as one list.
 */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
