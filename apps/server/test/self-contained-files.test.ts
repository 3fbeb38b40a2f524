import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SELF_CONTAINED_TEST_FILES } from './self-contained-files';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** What a test file uses to reach the shared database or Redis (testing/test-app, test-database). */
const SHARED_SERVICE_USES = /useTestApp|useTwoTestApps|openTestDatabase|sharedServicesConfigured|TEST_DATABASE_URL|TEST_REDIS_URL/;

describe('server test files left out of the PostgreSQL + Redis run', () => {
  it.each(SELF_CONTAINED_TEST_FILES)('%s never uses the shared database or Redis', async (file) => {
    const source = await readFile(path.join(SERVER_ROOT, file), 'utf8');
    expect(source).not.toMatch(SHARED_SERVICE_USES);
  });

  it('tells a file that does use them', () => {
    expect('const t = useTestApp();').toMatch(SHARED_SERVICE_USES);
    expect("process.env.TEST_REDIS_URL ?? ''").toMatch(SHARED_SERVICE_USES);
  });
});
