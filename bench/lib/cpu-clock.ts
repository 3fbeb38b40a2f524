// On a shared, loaded machine a wall-clock budget measures the neighbours as much as the code.
// `useCpuClock()` makes `performance.now()` return this process's CPU time (user + system, ms), so
// every deadline inside the code under test becomes a CPU-time budget: what the code does with
// that much of a core to itself. Only for benchmarks; the product keeps wall-clock budgets.

/** This process's CPU time in ms. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Replaces `performance.now()` by {@link cpuMs} for the rest of the process. */
export function useCpuClock(): void {
  performance.now = cpuMs;
}
