import type { FastifyInstance } from 'fastify';
import { availableParallelism } from 'node:os';
import fp from 'fastify-plugin';
import {
  createVerifierPool,
  PresenceOverloadedError,
  priorityShortfall,
  type ProofInput,
  type ProofResult,
  type ProofVerdict,
  type TeacherToneLevelInput,
  type ThreadPriorityOutcome,
  type ToneLevelReport,
  type VerifierPool,
  type VerifierPoolStats,
  type WorkerWarmUpReport,
} from '@rollbook/presence';
import { AppError } from '../../lib/app-error';

/** Proof-of-presence verification, always off the event loop. */
export interface PresenceVerifier {
  /**
   * Verifies one proof of presence (v2, `verifyProof`) in a worker thread; a full queue is a 503
   * with a message to retry.
   */
  verifyProof(input: ProofInput): Promise<ProofResult>;
  /**
   * The tone-level check on the teacher's stream (`teacherToneLevel`) in a worker thread, same
   * queue: a full queue rejects with the engine's PresenceOverloadedError, for the caller to retry.
   */
  toneLevel(input: TeacherToneLevelInput): Promise<ToneLevelReport | null>;
  /**
   * Starts the workers now (the server does at boot: the first marks after a start must not wait
   * for threads to load the engine); otherwise they start on the first verification.
   */
  start(): void;
  /** Pool counters, or null before the first verification started the workers. */
  stats(): VerifierPoolStats | null;
  /** Verdicts given since the start, for metrics. */
  verdicts(): Record<ProofVerdict, number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceVerifier;
  }
}

/**
 * The worker-thread pool of the presence engine. The server starts it at boot (`main.ts`); a test
 * app starts it on its first verification (most tests never verify, and should not pay for idle
 * workers). It drains and stops when the app closes.
 */
export default fp(
  async function presencePlugin(app: FastifyInstance) {
    let pool: VerifierPool | null = null;
    const { presenceWorkers, presenceMaxQueue, presenceWorkerNice, presenceWarmUp } = app.deps.config;
    // At least two workers, even on two cores: during a marking burst the event loop mostly waits
    // on PostgreSQL and Redis, so keeping a whole core for it left half the machine idle while
    // verifications queued (bench/sessions: p50 to the teacher's screen 485 ms with one worker,
    // 26 ms with two, for 300 students in 10 s on 2 cores).
    const workers = presenceWorkers ?? Math.max(2, availableParallelism() - 1);
    const verdicts: Record<ProofVerdict, number> = { present: 0, absent: 0, needs_review: 0 };

    let priorityTold = false;
    const onWorkerStarted = (priority: ThreadPriorityOutcome) => {
      const shortfall = priorityShortfall(priority, presenceWorkerNice);
      if (shortfall === null || priorityTold) return;
      priorityTold = true;
      const text = `presence workers' priority (PRESENCE_WORKER_NICE=${presenceWorkerNice}) ${shortfall}: under a marking burst, uploads and the teacher's audio may be stamped later than they arrived`;
      // Expected where a thread's priority is not its own (macOS, Windows): said, not warned.
      if (process.platform === 'linux') app.log.warn(text);
      else app.log.info(text);
    };
    const onWorkerWarmedUp = (report: WorkerWarmUpReport) => {
      if (!report.ok) {
        app.log.warn(
          { err: report.message },
          "a presence worker's warm-up failed; its first verifications will be slower",
        );
      } else if (report.verdict !== 'present') {
        // The made-up proof passes every check (a unit test holds it): any other verdict means some
        // stage stopped early and the ones after it stay cold.
        app.log.warn({ verdict: report.verdict }, "a presence worker's warm-up proof was not accepted");
      } else {
        app.log.info({ ms: Math.round(report.ms) }, 'presence worker warmed up');
      }
    };
    const started = () =>
      (pool ??= createVerifierPool({
        size: workers,
        maxQueue: presenceMaxQueue,
        workerNice: presenceWorkerNice,
        onWorkerStarted,
        warmUp: presenceWarmUp,
        onWorkerWarmedUp,
      }));
    app.decorate('presence', {
      start: () => void started(),
      async verifyProof(input: ProofInput) {
        try {
          const result = await started().verifyProof(input);
          verdicts[result.verdict] += 1;
          return result;
        } catch (err) {
          if (err instanceof PresenceOverloadedError) {
            throw new AppError(
              'overloaded',
              'Too many students are marking attendance right now. Please try again in a few seconds.',
            );
          }
          throw err;
        }
      },
      toneLevel: (input) => started().toneLevel(input),
      stats: () => pool?.stats() ?? null,
      verdicts: () => ({ ...verdicts }),
    });

    app.addHook('onClose', async () => {
      await pool?.close();
    });
  },
  { name: 'presence', dependencies: ['deps'] },
);
