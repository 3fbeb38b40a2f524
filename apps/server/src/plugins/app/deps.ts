import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { TokenSigner } from '../../lib/tokens';
import type { Mailer } from '../../lib/mailer';

/** Everything services need, built once by the caller of `buildApp` and shared by all modules. */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  clock: Clock;
  tokens: TokenSigner;
  mailer: Mailer;
  /** Folder for generated media (session tones); served under /api/media/. */
  mediaDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export default fp(
  async function depsPlugin(app: FastifyInstance, deps: AppDeps) {
    app.decorate('deps', deps);
  },
  { name: 'deps' },
);
