import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { PRESET_NAME_MAX } from "../../../../domain/schemas/filter-preset";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";

interface Props {
  open: boolean;
  busy: boolean;
  error: string | null;
  onSave(name: string, description: string): void;
  onCancel(): void;
}

/** The preset name prompt (spec §5): an empty name cancels it. */
export function PresetNameDialog({ open, busy, error, onSave, onCancel }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 shadow-xl">
          {open ? <PresetForm busy={busy} error={error} onSave={onSave} onCancel={onCancel} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PresetForm({ busy, error, onSave, onCancel }: Omit<Props, "open">) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === "") return onCancel();
    onSave(name.trim(), description.trim());
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <Dialog.Title className="text-lg font-semibold">Save filter preset</Dialog.Title>
      <Dialog.Description className="text-sm text-muted-foreground">
        Name this set of criteria to use it again on any device you sign in on.
      </Dialog.Description>
      <Field label="Preset name" value={name} maxLength={PRESET_NAME_MAX} onChange={(e) => setName(e.target.value)} autoFocus />
      <Field label="Description (optional)" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save preset"}
        </Button>
      </div>
    </form>
  );
}
