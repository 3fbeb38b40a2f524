/** Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One text cell, safe for spreadsheets and CSV: a leading formula character is neutralised with
 * an apostrophe, and the cell is quoted when it holds a separator, quote or line break. Apply it to
 * every value a person typed (names, enrollments); numbers we format ourselves need no guard.
 */
export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number cell with fixed decimals, empty when absent. */
export function numberCell(value: number | null, decimals: number): string {
  return value === null || !Number.isFinite(value) ? '' : value.toFixed(decimals);
}

/** Lines joined with CRLF (RFC 4180), ending with one. */
export function csvDocument(rows: string[][]): string {
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}

/** The separator most used in a CSV text's first lines: Excel exports with `;` in some locales. */
export function guessDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 10).join('\n');
  const counts = [',', ';', '\t'].map((d) => ({ d, n: head.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0] && counts[0].n > 0 ? counts[0].d : ',';
}
