import { availableParallelism, loadavg } from "node:os";

const MAX_THREADS = 4;

/**
 * Hashing threads by default: one per core the rest of the machine leaves idle (cores minus
 * the 1-minute load average, rounded), at least 1, at most 4. A hash thread costs CPU to start
 * and feed, so it pays off only when a core is free. `--threads N` overrides this.
 */
export function defaultThreads(cores: number = availableParallelism(), load: number = loadavg()[0] ?? 0): number {
  return Math.max(1, Math.min(MAX_THREADS, cores, Math.round(cores - load)));
}
