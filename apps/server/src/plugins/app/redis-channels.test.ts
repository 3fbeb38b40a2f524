import { describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '@rollbook/contract';
import { useTestApp } from '../../testing/test-app';

const redisUrl = process.env.TEST_REDIS_URL;
// Booted only where there is a Redis to look at (CI's PostgreSQL + Redis step).
const t = redisUrl ? useTestApp() : null;

// Redis delivers pub/sub across its logical databases: the app's channels must name its own.
describe.runIf(Boolean(redisUrl))("the app's Redis pub/sub channels (TEST_REDIS_URL)", () => {
  it("carry the Redis database number, socket.io's adapter included", () => {
    const db = Number(new URL(redisUrl!).pathname.slice(1) || '0');
    const adapter = t!.app.io.of(SOCKET_NAMESPACE).adapter as unknown as { channel?: string };
    expect(adapter.channel).toBe(`rollbook:db${db}:socket.io#${SOCKET_NAMESPACE}#`);
  });
});
