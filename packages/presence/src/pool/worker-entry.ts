import path from 'node:path';

/**
 * The URL of a worker entry file next to the calling module, with the caller's own extension:
 * `.ts` when running from sources (tsx, vitest), `.js` once compiled (the server build puts every
 * worker entry beside its bundle). Pass the caller's `import.meta.url` and the entry's name
 * without extension.
 */
export function workerEntry(callerUrl: string, name: string): URL {
  const extension = path.extname(new URL(callerUrl).pathname) || '.js';
  return new URL(`./${name}${extension}`, callerUrl);
}
