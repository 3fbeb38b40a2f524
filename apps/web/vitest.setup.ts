import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { WAIT_MS } from './src/testing/wait';

// The machine is shared: give lazily loaded pages far more than the default second to appear (a
// loaded 2-core machine running several suites needs seconds). This is only an upper bound for
// waiting, never an assertion about speed.
configure({ asyncUtilTimeout: WAIT_MS });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Unit tests never open real sockets: the app gets a scriptable fake (see src/testing/fake-socket).
vi.mock('./src/lib/socket', async () => {
  const { connectFakeSocket } = await import('./src/testing/fake-socket');
  return { connectClientSocket: connectFakeSocket };
});
