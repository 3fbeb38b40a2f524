import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The release being run: the version of the repository's package.json, read once at start. */
export const APP_VERSION: string = (() => {
  const file = path.join(import.meta.dirname, '../../../../package.json');
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
})();
