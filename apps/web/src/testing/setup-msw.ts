import { afterAll, afterEach, beforeAll } from 'vitest';
import { server, takeContractViolations } from './msw';

/**
 * Starts the msw server for the calling test file, resets handlers and storage after each test
 * and fails on any request no handler answers (so a test never silently misses a call), and on
 * any fake answer that broke the contract's response schemas.
 */
export function setupMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
    const violations = takeContractViolations();
    if (violations.length > 0) {
      throw new Error(`Fake answers broke the contract:\n${violations.join('\n')}`);
    }
  });
  afterAll(() => server.close());
}
