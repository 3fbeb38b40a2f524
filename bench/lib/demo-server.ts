// The server as `npm start` or `npm run start:dev` runs it, on loopback with a fresh or given data
// folder and the demo seed (no web build): for the benches that time its start or call its demo
// accounts.
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../apps/server/src/testing/server-process';

const root = path.resolve(import.meta.dirname, '../..');

export async function startDemoServer(opts: {
  dataDir: string;
  /** `compiled`: apps/server/dist (build it first); `tsx`: the sources. */
  mode: 'compiled' | 'tsx';
  databaseUrl?: string | undefined;
  /** Redis, as a scaled-out instance has it (rate limits, live state, the shared data version). */
  redisUrl?: string | undefined;
  /** Another build of the server (`compiled` mode), e.g. an earlier commit's, to compare with. */
  compiledDir?: string | undefined;
}): Promise<ServerProcess> {
  return startServerProcess(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(opts.dataDir, 'no-web'),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      // Scaled-out instances share a signing secret (the server insists on one with Redis).
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, JWT_SECRET: 'bench-secret-'.padEnd(48, 'x') } : {}),
    },
    // A fresh folder runs the migrations and the demo seed first: slow on a loaded machine.
    {
      ...(opts.mode === 'compiled'
        ? { compiledDir: opts.compiledDir ?? path.join(root, 'apps/server/dist') }
        : {}),
      startTimeoutMs: 300_000,
    },
  );
}
