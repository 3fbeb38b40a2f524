import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PASSWORD } from './env';
import { startWorkerServer, workerDataDir, type WorkerServer } from './worker-server';

/**
 * Each worker runs its own server (support/worker-server), and every page, context and API request
 * of its tests goes there. The database is reset to the demo institution before every test, so tests
 * never depend on each other, nor on which worker runs them.
 */
export const test = base.extend<{ resetDatabase: void }, { server: WorkerServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads this pattern: no dependencies.
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    // Starting includes migrations and the demo seed: an upper bound for a loaded machine.
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
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

/**
 * The newest mail a server wrote to its outbox for an address (by default the running test's worker
 * server), with soft line breaks undone.
 */
export async function lastMailTo(
  address: string,
  dataDir = workerDataDir(test.info().parallelIndex),
): Promise<string | undefined> {
  const outbox = path.join(dataDir, 'outbox');
  // Only whole mails: the server writes each under a `.part` name and renames it when done.
  const files = (await readdir(outbox).catch(() => []))
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const text = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (text.includes(`To: ${address}`)) return text;
  }
  return undefined;
}

export { DEMO_PASSWORD };
