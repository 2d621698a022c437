/** A button that opens the shared confirmation; the action runs only on "confirm". */
import { useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "../../../../components/ui/button";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";

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
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={busy ? busyLabel : confirmLabel}
        cancelLabel="Keep as is"
        confirmVariant={variant === "outline" ? "primary" : variant}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      >
        {description}
      </ConfirmDialog>
    </>
  );
}
