import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD, E2E_DATA_DIR } from './env';

/** Resets the database to the demo institution before every test, so tests never depend on each other. */
export const test = base.extend<{ resetDatabase: void }>({
  resetDatabase: [
    async ({ request }, use) => {
      const res = await request.post('/api/__e2e__/reset');
      expect(res.ok()).toBe(true);
      await use();
    },
    { auto: true },
  ],
});
export { expect };

export async function raiseAlert(request: APIRequestContext, email: string, message: string) {
  const res = await request.post('/api/__e2e__/notify', {
    data: { email, type: 'subject_choice_alert', message },
  });
  expect(res.ok()).toBe(true);
}

/** The newest mail the embedded server wrote to its outbox for an address, with soft line breaks undone. */
export async function lastMailTo(address: string): Promise<string | undefined> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).sort().reverse();
  for (const file of files) {
    const text = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (text.includes(`To: ${address}`)) return text;
  }
  return undefined;
}

export { DEMO_PASSWORD };
