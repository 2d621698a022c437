import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useRef, useState } from "react";
import { formatBytes, plural } from "../../../../domain/format";
import { keepRuleLabel } from "../../../../domain/keep-rules";
import { planBytes } from "../../../../domain/cleanup-plan";
import type { ScanItem } from "../../../../scan/types";
import { Button } from "../../../components/ui/button";
import type { FolderSource } from "../../../lib/file-actions/folder-source";
import type * as PlanExport from "../../../lib/file-actions/plan-export";
import { useKeepPolicy } from "../../../lib/device-data/keep-policy";

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  items: readonly ScanItem[];
  source: FolderSource;
}

type State =
  | { step: "idle" }
  | { step: "working"; done: number; total: number }
  | { step: "done"; fileName: string; rootName: string; copies: number; bytes: number; missing: number }
  | { step: "error"; message: string };

/**
 * "Export cleanup plan": builds the plan on this device and downloads it, in any
 * browser. Where the page cannot read the folder by itself (a folder picked through the file
 * input), the user picks it again so the files can be fingerprinted here.
 */
export function ExportPlanDialog({ open, onOpenChange, items, source }: Props) {
  const policy = useKeepPolicy();
  const [state, setState] = useState<State>({ step: "idle" });
  const inputId = useId();
  const abort = useRef<AbortController | null>(null);

  const run = async (files: (lib: typeof PlanExport) => PlanExport.PlanFiles) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: "working", done: 0, total: 0 });
    try {
      const lib = await import("../../../lib/file-actions/plan-export");
      const from = files(lib);
      const built = await lib.buildPlanOnDevice(items, from, policy, (p) => setState({ step: "working", ...p }), controller.signal);
      const fileName = lib.planFileName(from.rootName, new Date());
      lib.downloadPlan(built, fileName);
      setState({
        step: "done",
        fileName,
        rootName: from.rootName,
        copies: built.plan.actions.length,
        bytes: planBytes(built.plan),
        missing: built.missing,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ step: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  const close = (next: boolean) => {
    if (!next) {
      abort.current?.abort();
      setState({ step: "idle" });
    }
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 gap-3 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-sm shadow-xl">
          <div className="flex items-start gap-3">
            <Dialog.Title className="flex-1 text-lg font-semibold">Export cleanup plan</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 hover:bg-muted">
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-muted-foreground">
            A list of the duplicate copies to remove, chosen by your keep-rules (
            {policy.rules.map(keepRuleLabel).join(", ") || "first by name"}
            {policy.protectedFolders.length > 0 ? `; protected: ${policy.protectedFolders.join(", ")}` : ""}), with each file&apos;s size,
            date and fingerprint. It is made on this device and saved as a download, never uploaded. The CleanSpace command line carries it
            out and can undo it.
          </Dialog.Description>
          {source.kind === "folder" ? (
            <Button disabled={state.step === "working"} onClick={() => void run((lib) => lib.folderFiles(source.root))}>
              Create plan for “{source.name}”
            </Button>
          ) : (
            <div className="grid gap-1">
              <label htmlFor={inputId} className="font-medium">
                Choose the scanned folder again, so this device can fingerprint its files
              </label>
              <input
                ref={(el) => el?.setAttribute("webkitdirectory", "")}
                id={inputId}
                type="file"
                multiple
                disabled={state.step === "working"}
                className="text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-muted file:px-3 file:py-2 file:text-foreground"
                onChange={(e) => {
                  const files = Array.from(e.target.files ?? []);
                  e.target.value = "";
                  if (files.length > 0) void run((lib) => lib.pickedFiles(files));
                }}
              />
            </div>
          )}
          <div role="status" aria-live="polite" data-testid="plan-status">
            {state.step === "working"
              ? state.total > 0
                ? `Fingerprinting ${state.done} of ${plural(state.total, "file")}…`
                : "Preparing…"
              : null}
            {state.step === "done" ? (
              <div className="grid gap-2">
                <p className="font-medium text-foreground">
                  Plan saved as {state.fileName}: {plural(state.copies, "copy", "copies")} ({formatBytes(state.bytes)}) to move to the
                  trash.
                  {state.missing > 0
                    ? ` ${plural(state.missing, "file")} missing or changed since the scan ${state.missing === 1 ? "is" : "are"} left out.`
                    : ""}
                </p>
                <p>On a computer with the folder, run:</p>
                <pre className="overflow-x-auto rounded-lg bg-muted p-2 text-xs">
                  <code>{`cleanspace apply ${state.fileName} --root "${state.rootName || "FOLDER"}" --dry-run\ncleanspace apply ${state.fileName} --root "${state.rootName || "FOLDER"}"\ncleanspace undo "${state.rootName || "FOLDER"}"`}</code>
                </pre>
              </div>
            ) : null}
          </div>
          {state.step === "error" ? (
            <p role="alert" className="text-red-600 dark:text-red-400">
              The plan could not be made: {state.message}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
