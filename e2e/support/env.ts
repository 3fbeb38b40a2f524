import os from 'node:os';
import path from 'node:path';

/**
 * Where the browser suite's servers listen and keep their data (workers re-read this file): the first
 * worker's server on E2E_PORT, the others on ports the system picks; each in a `worker-<n>` folder of
 * E2E_DATA_DIR. Both can be moved by environment so that two checkouts on one machine can run their
 * suites side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'rollbook-e2e');
/** Known to the tests so they can mint an already-expired access token. */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';
export const DEMO_PASSWORD = 'Rollbook@2026';
