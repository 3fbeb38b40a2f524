import { getPriority, setPriority } from 'node:os';

/** What `lowerThreadPriority` did. */
export type ThreadPriorityOutcome =
  /** `steps`: how far below it went; fewer than asked when the thread already ran near the lowest. */
  { applied: true; nice: number; steps: number } | { applied: false; why: string };

/** The lowest priority (highest nice value) Linux has. */
const LOWEST_PRIORITY_NICE = 19;

/**
 * Lowers the calling thread's CPU priority by `increment` nice steps, leaving the rest of the
 * process as it was. Meant for a worker thread doing throughput work beside an event loop that
 * stamps arrival times (presence-0020): when the machine runs out of CPU, the loop still reads
 * uploads and the teacher's audio when they arrive, and the verifications wait instead.
 *
 * Only on Linux, where a nice value belongs to a thread (`setpriority(PRIO_PROCESS, 0)` acts on the
 * calling thread under NPTL); on macOS and Windows the same call would lower the whole server, so
 * it is not made there. Raising a nice value needs no privilege, so a failure means the platform
 * refused it (a sandbox); the caller says so.
 */
export function lowerThreadPriority(increment: number): ThreadPriorityOutcome {
  if (!Number.isInteger(increment) || increment < 0) {
    return { applied: false, why: `the increment must be a whole number >= 0, got ${increment}` };
  }
  if (process.platform !== 'linux') {
    return { applied: false, why: `thread priorities are per process on ${process.platform}` };
  }
  try {
    const before = getPriority(0);
    const nice = Math.min(LOWEST_PRIORITY_NICE, before + increment);
    if (nice !== before) setPriority(0, nice);
    const now = getPriority(0);
    return { applied: true, nice: now, steps: now - before };
  } catch (err) {
    return { applied: false, why: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * What an operator should hear about a worker's priority, or null when it is as asked: lowered by
 * fewer steps than `requested` (a sandbox refused, the server already runs near the lowest
 * priority, or a platform where a thread's priority is not its own).
 */
export function priorityShortfall(priority: ThreadPriorityOutcome, requested: number): string | null {
  if (requested <= 0) return null;
  if (!priority.applied) return `not lowered: ${priority.why}`;
  if (priority.steps < requested) {
    return `lowered by ${priority.steps} of ${requested} steps (nice ${priority.nice}, the server's own ${priority.nice - priority.steps})`;
  }
  return null;
}
