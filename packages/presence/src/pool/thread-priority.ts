import { getPriority, setPriority } from 'node:os';

/** What `lowerThreadPriority` did. */
export type ThreadPriorityOutcome = { applied: true; nice: number } | { applied: false; why: string };

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
    const nice = Math.min(LOWEST_PRIORITY_NICE, getPriority(0) + increment);
    if (increment > 0) setPriority(0, nice);
    return { applied: true, nice: getPriority(0) };
  } catch (err) {
    return { applied: false, why: err instanceof Error ? err.message : String(err) };
  }
}
