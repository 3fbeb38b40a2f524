import type { BrowserContext } from '@playwright/test';

/** The time of day (UTC) to the millisecond of `ms` (now by default): every failure log prints it so. */
export const timeOfDay = (ms = Date.now()) => new Date(ms).toISOString().slice(11, 23);

/**
 * Every API answer, failed request and console error or warning of `context` from now on, one line
 * each with the time of day (`lines`: the list to add to, another recorder's, to keep one order): a
 * failing test prints them to show which answer led where it ended (the list reporter shortens a
 * text attachment to its first lines, so they are printed whole instead).
 */
export function recordApiCalls(context: BrowserContext, lines: string[] = []): string[] {
  context.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/'))
      lines.push(`${timeOfDay()} ${r.request().method()} ${pathname} ${r.status()}`);
  });
  context.on('requestfailed', (r) =>
    lines.push(`${timeOfDay()} failed ${r.url()} ${r.failure()?.errorText}`),
  );
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') lines.push(`${timeOfDay()} ${m.type()} ${m.text()}`);
  });
  return lines;
}

/**
 * Prints a recorded log whole, under its heading: for a failing test, whose list reporter would cut
 * an attachment to its first lines.
 */
export function printLog(heading: string, lines: readonly string[]): void {
  console.log([`${heading}:`, ...lines].join('\n  '));
}
