import { availableParallelism, loadavg } from "node:os";

const MAX_THREADS = 4;

/**
 * Hashing threads by default: one per core the rest of the machine leaves idle (cores minus
 * the 1-minute load average, rounded), at least 1, at most 4. A hash thread costs ~0.2 s of
 * CPU to start and feed (bench/scan-bench.mjs: 0.87 s CPU with two threads, 0.68 s with one);
 * it pays off only when a core is free — on the busy bench machine one thread was faster
 * every time (20,000 files: 1.13 s against 1.48 s). `--threads N` overrides this.
 */
export function defaultThreads(cores: number = availableParallelism(), load: number = loadavg()[0] ?? 0): number {
  return Math.max(1, Math.min(MAX_THREADS, cores, Math.round(cores - load)));
}
