import type { FastifyInstance } from 'fastify';
import type { JobRunner } from './job-runner';

/**
 * Ticks a job runner for as long as the app is up: once when the app is ready (catching up on
 * whatever fell due while it was down), then every `intervalMs`. Ticks of one instance never
 * overlap; the timer does not keep the process alive and stops, waiting for a running tick, when the
 * app closes. `intervalMs` 0 starts nothing (tests drive runners by hand).
 */
export function startJobTimer(app: FastifyInstance, runner: JobRunner, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runner
      .runDue()
      .catch((err: unknown) => app.log.error({ err }, 'scheduled jobs failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
