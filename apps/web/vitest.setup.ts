import '@testing-library/jest-dom/vitest';
import { vi } from 'vitest';

// Unit tests never open real sockets: the app gets a scriptable fake (see src/testing/fake-socket).
vi.mock('./src/lib/socket', async () => {
  const { connectFakeSocket } = await import('./src/testing/fake-socket');
  return { connectClientSocket: connectFakeSocket };
});
