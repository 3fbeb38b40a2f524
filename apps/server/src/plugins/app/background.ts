import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBackgroundJobs, type BackgroundJobs } from '../../lib/background-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Jobs run after the reply (mail), logged when they fail, awaited on shutdown. */
    background: BackgroundJobs;
  }
}

/** How long shutdown waits for background jobs (a stuck mail server must not hold it forever). */
const SHUTDOWN_WAIT_MS = 10_000;

export default fp(
  async function backgroundPlugin(app: FastifyInstance) {
    const jobs = createBackgroundJobs((err, label) =>
      app.log.error({ err, job: label }, 'background job failed'),
    );
    app.decorate('background', jobs);
    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
        timer.unref();
      });
      await Promise.race([jobs.idle(), giveUp]);
      clearTimeout(timer);
    });
  },
  { name: 'background' },
);
