/**
 * How a name is compared in a search: case, accents and apostrophes do not count, so "jose" finds
 * "José", "oneil" finds "O'Neil" and "dsouza" finds "D’Souza". It lives in the contract so the
 * server's search (which mirrors it in SQL: db/queries/search-fold.ts) and the web's own filtering
 * of a list it already holds fold text one and the same way.
 */

/** Combining marks left by canonical decomposition (NFD): the accents of "é", "ñ", "ö"… */
export const SEARCH_FOLD_MARKS = '\u0300-\u036f';
/** Apostrophes and their look-alikes, typed or pasted, that a search ignores. */
export const SEARCH_FOLD_APOSTROPHES = "'\u2018\u2019\u02bc\u0060\u00b4";
/**
 * Letters NFD does not decompose, both cases, and the plain letter a search reads them as (same
 * positions). Both cases because the fold lowers last: a database whose locale is C lowers only
 * ASCII, so every other letter must be plain before it.
 */
export const SEARCH_FOLD_LETTERS_FROM = '\u00f8\u0142\u0111\u0127\u0131\u00d8\u0141\u0110\u0126';
export const SEARCH_FOLD_LETTERS_TO = 'oldhiOLDH';

const dropped = new RegExp(`[${SEARCH_FOLD_MARKS}${SEARCH_FOLD_APOSTROPHES}]`, 'gu');

/**
 * The text as a search compares it: without accents or apostrophes, "ß" as "ss", lower case. The
 * steps run in the order the SQL mirror runs them (lower case last), so the two agree.
 */
export function foldForSearch(text: string): string {
  let folded = text.normalize('NFD').replace(dropped, '').replace(/[ßẞ]/g, 'ss');
  for (let i = 0; i < SEARCH_FOLD_LETTERS_FROM.length; i += 1) {
    folded = folded.replaceAll(SEARCH_FOLD_LETTERS_FROM[i]!, SEARCH_FOLD_LETTERS_TO[i]!);
  }
  return folded.toLowerCase();
}

/**
 * Whether `text` contains the search `query`, both folded (an empty query matches everything). A
 * query of apostrophes alone folds to nothing and is compared as typed, as the server does.
 */
export function matchesSearch(text: string, query: string): boolean {
  const typed = query.trim();
  const folded = foldForSearch(typed);
  if (folded === '' && typed !== '') return text.toLowerCase().includes(typed.toLowerCase());
  return foldForSearch(text).includes(folded);
}
