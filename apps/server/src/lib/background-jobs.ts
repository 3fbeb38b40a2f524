/**
 * Work that must not hold up a reply (mail delivery after a forgot-password request): each job
 * starts at once, its failure is logged rather than thrown, and `idle()` waits for everything
 * started so far (shutdown, tests).
 */
export interface BackgroundJobs {
  run(label: string, job: () => Promise<void>): void;
  /** Resolves once every job started before the call has settled. */
  idle(): Promise<void>;
}

export function createBackgroundJobs(onError: (err: unknown, label: string) => void): BackgroundJobs {
  const pending = new Set<Promise<void>>();
  return {
    run(label, job) {
      const running: Promise<void> = Promise.resolve()
        .then(job)
        .catch((err: unknown) => onError(err, label))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
