/**
 * What the user is told after Auto Clean ran: what moved, with an Undo, or why
 * nothing could move — never a success that did not happen.
 */
import { formatBytes, plural } from "../../../domain/format";
import { toast, type ToastInput } from "../toast-store";
import type { AutoCleanOutcome } from "./auto-clean";

export function describeAutoClean(outcome: AutoCleanOutcome): Omit<ToastInput, "action"> {
  switch (outcome.kind) {
    case "moved":
      return {
        title: "Auto Clean",
        description:
          `${plural(outcome.moved, "exact copy", "exact copies")} (${formatBytes(outcome.bytes)}) moved to the CleanSpace trash; every original stays.` +
          (outcome.failed > 0 ? ` ${plural(outcome.failed, "copy", "copies")} could not be moved.` : ""),
      };
    case "read-only":
      return {
        title: "Auto Clean could not move files",
        description: `Your last scan found ${plural(outcome.copies, "exact copy", "exact copies")} (${formatBytes(outcome.bytes)}), but this folder is read-only for CleanSpace: the browser cannot change files picked this way. Scan a folder with a browser that lets CleanSpace move files.`,
        variant: "destructive",
      };
    case "permission-denied":
      return {
        title: "Permission needed",
        description: `Auto Clean needs permission to change files in this folder to move ${plural(outcome.copies, "exact copy", "exact copies")} (${formatBytes(outcome.bytes)}).`,
        variant: "destructive",
      };
    case "metadata-only":
      return {
        title: "Auto Clean",
        description: "Your last scan compared sizes only. Run a full scan so only true, content-verified copies are cleaned.",
      };
    case "no-scan":
      return { title: "Auto Clean", description: "Run a scan first: Auto Clean works on what your last scan found." };
    case "nothing":
      return { title: "Auto Clean", description: "Nothing to clean: your last scan found no duplicate copies." };
  }
}

type Moved = Extract<AutoCleanOutcome, { kind: "moved" }>;

/** Puts the moved copies back and says how that went. */
export function undoAutoClean(outcome: Moved, onChanged: () => void): void {
  void outcome
    .undo()
    .then(({ restored, failed }) => {
      toast(
        failed > 0
          ? {
              variant: "destructive",
              title: `${plural(failed, "file")} stayed in the trash`,
              description: `${plural(restored, "file")} moved back.`,
            }
          : {
              title: "Undo complete",
              description: `${plural(restored, "file")} moved back to ${restored === 1 ? "its place" : "their places"}.`,
            },
      );
    })
    .catch((error: unknown) =>
      toast({
        variant: "destructive",
        title: "Undo failed",
        description: error instanceof Error ? error.message : "Unknown error occurred",
      }),
    )
    .finally(onChanged);
}

/** Shows the outcome; a move gets an Undo that puts every file back. */
export function noticeAutoClean(outcome: AutoCleanOutcome, onChanged: () => void): void {
  const notice = describeAutoClean(outcome);
  toast(
    outcome.kind === "moved" && outcome.moved > 0
      ? { ...notice, action: { label: "Undo", onClick: () => undoAutoClean(outcome, onChanged) } }
      : notice,
  );
  onChanged();
}
