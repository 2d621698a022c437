/** A button that opens a confirmation dialog; the action runs only on "confirm". */
import { Dialog } from "radix-ui";
import { useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "../../../../components/ui/button";

interface ConfirmActionProps {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  variant?: ButtonProps["variant"];
  /** Resolves when done; a thrown error keeps the dialog open with its message. */
  onConfirm(): Promise<void>;
}

export function ConfirmAction({ label, title, description, confirmLabel, busyLabel, variant = "outline", onConfirm }: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : (setOpen(next), setError(null)))}>
      <Dialog.Trigger asChild>
        <Button variant={variant}>{label}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 grid gap-2 text-sm text-muted-foreground">{description}</div>
          </Dialog.Description>
          {error ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={busy}>
                Keep as is
              </Button>
            </Dialog.Close>
            <Button variant={variant === "outline" ? "primary" : variant} disabled={busy} onClick={() => void confirm()}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
