import { availableParallelism, loadavg } from "node:os";

const MAX_THREADS = 4;

/**
 * Hashing threads by default: one per core the rest of the machine leaves idle (cores minus
 * the 1-minute load average, rounded), at least 1, at most 4. A hash thread costs CPU of its
 * own to start and feed (its start-up and its own compiles), which only a free core repays:
 * on a busy machine one thread is the faster choice. `--threads N` overrides this.
 */
export function defaultThreads(cores: number = availableParallelism(), load: number = loadavg()[0] ?? 0): number {
  return Math.max(1, Math.min(MAX_THREADS, cores, Math.round(cores - load)));
}
