import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  foldForSearch,
  SEARCH_FOLD_APOSTROPHES,
  SEARCH_FOLD_LETTERS_FROM,
  SEARCH_FOLD_LETTERS_TO,
  SEARCH_FOLD_MARKS,
} from '@rollbook/contract';

/** The characters a folded search drops, as one PostgreSQL bracket expression. */
const DROPPED = `[${SEARCH_FOLD_MARKS}${SEARCH_FOLD_APOSTROPHES}]`;

/**
 * A text column folded the way `foldForSearch` folds the search text (contract/search-fold.ts):
 * decomposed (NFD, PostgreSQL 13+) with its accents and apostrophes dropped, "ß" as "ss", the few
 * letters NFD keeps whole read as their plain letter, then lower case. Built from the contract's
 * own character lists, so the two cannot drift apart. Plain SQL functions, no `unaccent`
 * extension: nothing to install in the database.
 */
export function foldedColumn(column: SQLWrapper): SQL<string> {
  // Lower case last: under a C locale PostgreSQL lowers only ASCII, which is all that is left then.
  return sql<string>`lower(translate(regexp_replace(regexp_replace(normalize(${column}, NFD), ${DROPPED}, '', 'g'), '[ßẞ]', 'ss', 'g'), ${SEARCH_FOLD_LETTERS_FROM}, ${SEARCH_FOLD_LETTERS_TO}))`;
}

/** `%` and `_` typed in a search box are letters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a (nullable) text column contains the search text, both folded; null when the text
 * folds to nothing (only apostrophes): the caller's other conditions decide then.
 */
export function foldedContains(column: SQLWrapper, search: string): SQL | null {
  const folded = foldForSearch(search.trim());
  if (folded === '') return null;
  return sql`${foldedColumn(column)} like ${containsPattern(folded)}`;
}
