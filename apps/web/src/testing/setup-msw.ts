import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

/**
 * Starts the msw server for the calling test file, resets handlers and storage after each test
 * and fails on any request no handler answers (so a test never silently misses a call).
 */
export function setupMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());
}
