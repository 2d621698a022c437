import { readFileSync } from "node:fs";
import type { ProgressStream } from "./progress-bar";

export interface Profile {
  mark(phase: string): void;
  print(): void;
}

/**
 * CLEANSPACE_PROFILE=1: each phase's wall milliseconds on stderr, and on Linux the main
 * thread's own CPU time and its wait for a core (from /proc/thread-self/schedstat): on a
 * busy machine the wall time says how long, the CPU time what the phase itself cost.
 * Start-up is the time from the process's start to the scan's (bench/scan-bench.mjs
 * --phases prints these).
 */
export function createProfile(stderr: ProgressStream): Profile {
  const marks: string[] = [];
  let last = { wall: 0, cpu: 0, wait: 0 };
  const mark = (phase: string): void => {
    const now = { wall: performance.now(), ...threadTimes() };
    const cpu = Number.isNaN(now.cpu) ? "" : ` (cpu ${(now.cpu - last.cpu).toFixed(0)}, waited ${(now.wait - last.wait).toFixed(0)})`;
    marks.push(`${phase} ${(now.wall - last.wall).toFixed(0)} ms${cpu}`);
    last = now;
  };
  mark("start-up");
  return { mark, print: () => stderr.write(`cleanspace profile: ${marks.join(", ")}\n`) };
}

/** This thread's CPU time and run-queue wait so far, ms (NaN where /proc has no schedstat). */
function threadTimes(): { cpu: number; wait: number } {
  try {
    const [cpu = NaN, wait = NaN] = readFileSync("/proc/thread-self/schedstat", "latin1").split(" ").map(Number);
    return { cpu: cpu / 1e6, wait: wait / 1e6 };
  } catch {
    return { cpu: NaN, wait: NaN };
  }
}
