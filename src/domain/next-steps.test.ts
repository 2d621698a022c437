import { describe, expect, it } from "vitest";
import { nextSteps, nextStepTitle } from "./next-steps";
import type { ScanSummary } from "./schemas/scan-summary";

const summary = (over: Partial<ScanSummary>): ScanSummary =>
  ({
    duplicateFiles: 0,
    duplicateBytes: 0,
    photosDuplicates: 0,
    photosDuplicateBytes: 0,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 0,
    oldBytes: 0,
    ...over,
  }) as ScanSummary;

describe("nextSteps (the dashboard's lead, issue 38)", () => {
  it("offers what frees space first, largest first, then reviews; never an empty step; at most three", () => {
    const steps = nextSteps(
      summary({
        duplicateFiles: 16,
        duplicateBytes: 12_000_000,
        photosDuplicates: 12,
        photosDuplicateBytes: 9_700_000,
        largeFiles: 4,
        largeBytes: 900_000_000,
        oldFiles: 30,
        oldBytes: 50_000_000,
      }),
    );
    expect(steps.map((s) => [s.kind, s.count, s.bytes])).toEqual([
      ["photo-copies", 12, 9_700_000],
      ["file-copies", 4, 2_300_000],
      ["large-files", 4, 900_000_000],
    ]);
    expect(steps[0]!.target).toEqual({ tab: "photos", select: "duplicates" });
    expect(nextSteps(summary({}))).toEqual([]);
  });

  it("names each step with its count", () => {
    expect(nextStepTitle({ kind: "photo-copies", count: 12 })).toBe("12 copies of photos");
    expect(nextStepTitle({ kind: "file-copies", count: 1 })).toBe("1 copy of files");
    expect(nextStepTitle({ kind: "large-files", count: 4 })).toBe("4 large files");
    expect(nextStepTitle({ kind: "old-files", count: 1 })).toBe("1 old file");
  });
});
