import { describe, expect, it } from "vitest";
import { ProgressReporter } from "./progress";
import type { ScanProgress } from "./types";

describe("ProgressReporter", () => {
  const counts = { files: 0, photos: 0, apps: 0, email: 0 };
  it("always reports a stage change, with a copy of the counts", () => {
    const seen: ScanProgress[] = [];
    const reporter = new ProgressReporter((p) => seen.push(p));
    const live = { ...counts };
    reporter.enter("files", live);
    live.files = 9;
    expect(seen).toEqual([{ stage: "files", progress: 0.4, counts }]);
  });
  it("reports ticks after 100 ms even below 250 files", () => {
    let now = 0;
    const seen: ScanProgress[] = [];
    const reporter = new ProgressReporter((p) => seen.push(p), { clock: () => now });
    reporter.enter("files", counts);
    for (let i = 0; i < 16; i++) reporter.tick(counts, "walk", i);
    expect(seen).toHaveLength(1);
    now = 150;
    for (let i = 0; i < 16; i++) reporter.tick(counts, "walk", i);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.detail).toEqual({ phase: "walk", done: 15, total: 0 });
  });
});
