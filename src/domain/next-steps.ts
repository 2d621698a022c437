/**
 * The dashboard's "what to do now" (issue 38): the biggest cleanups of the last scan, each one
 * a single action. Figures are the scan's own (copies and their bytes, large and old files);
 * a cleanup with nothing in it is not offered. Largest first, at most three.
 */
import type { ScanSummary } from "./schemas/scan-summary";

export type NextStepKind = "photo-copies" | "file-copies" | "large-files" | "old-files";

export interface NextStep {
  kind: NextStepKind;
  count: number;
  /** Bytes the step frees (copies), or the bytes it puts in front of the user (large, old). */
  bytes: number;
  /** True when acting frees the bytes at once (copies); false for a review. */
  frees: boolean;
  /** The Organize view that does it: tab and quick-select. */
  target: { tab: "photos" | "files"; select: "duplicates" | "large" | "old" };
}

export const MAX_NEXT_STEPS = 3;

export function nextSteps(s: ScanSummary): NextStep[] {
  const photoBytes = s.photosDuplicateBytes ?? 0;
  const fileCopies = Math.max(0, s.duplicateFiles - s.photosDuplicates);
  const steps: NextStep[] = [
    {
      kind: "photo-copies",
      count: s.photosDuplicates,
      bytes: photoBytes,
      frees: true,
      target: { tab: "photos", select: "duplicates" },
    },
    {
      kind: "file-copies",
      count: fileCopies,
      bytes: Math.max(0, s.duplicateBytes - photoBytes),
      frees: true,
      target: { tab: "files", select: "duplicates" },
    },
    { kind: "large-files", count: s.largeFiles, bytes: s.largeBytes, frees: false, target: { tab: "files", select: "large" } },
    { kind: "old-files", count: s.oldFiles, bytes: s.oldBytes, frees: false, target: { tab: "files", select: "old" } },
  ];
  return steps
    .filter((step) => step.count > 0)
    .sort((a, b) => Number(b.frees) - Number(a.frees) || b.bytes - a.bytes)
    .slice(0, MAX_NEXT_STEPS);
}

/** "12 copies of photos", "1 large file", … */
export function nextStepTitle(step: Pick<NextStep, "kind" | "count">): string {
  const n = step.count;
  switch (step.kind) {
    case "photo-copies":
      return `${n} ${n === 1 ? "copy" : "copies"} of photos`;
    case "file-copies":
      return `${n} ${n === 1 ? "copy" : "copies"} of files`;
    case "large-files":
      return `${n} large ${n === 1 ? "file" : "files"}`;
    case "old-files":
      return `${n} old ${n === 1 ? "file" : "files"}`;
  }
}
