/**
 * The two preference questions (spec §3: primaryGoal, dataTypes), shared by the dashboard's
 * one-time question and Settings. Data types keep the order they were picked in: the
 * dashboard shows them first, in that order (spec §2).
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { DATA_TYPES, PRIMARY_GOALS, type DataType, type Preferences, type PrimaryGoal } from "../../domain/preferences";
import { Button } from "./ui/button";

const GOAL_LABEL: Record<PrimaryGoal, string> = {
  storage: "Free up storage",
  organize: "Get organized",
  privacy: "Protect my privacy",
  productivity: "Be more productive",
};
const TYPE_LABEL: Record<DataType, string> = { photos: "Photos", files: "Files", apps: "Apps", email: "Email" };

interface Props {
  initial: Preferences;
  saving: boolean;
  submitLabel: string;
  onSubmit(preferences: Preferences): void;
  /** Extra buttons beside Save (the one-time question's Skip). */
  children?: ReactNode;
}

export function PreferencesForm({ initial, saving, submitLabel, onSubmit, children }: Props) {
  const [goal, setGoal] = useState<PrimaryGoal>(initial.primaryGoal);
  const [types, setTypes] = useState<DataType[]>(initial.dataTypes);
  const id = useId();
  const toggle = (t: DataType, on: boolean) => setTypes((list) => (on ? [...list.filter((x) => x !== t), t] : list.filter((x) => x !== t)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ primaryGoal: goal, dataTypes: types });
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">What matters most to you?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PRIMARY_GOALS.map((g) => (
            <label
              key={g}
              className="flex min-w-0 items-center gap-2 rounded-control border border-border px-3 py-2 text-sm has-[:checked]:border-brand"
            >
              <input
                type="radio"
                name={`${id}-goal`}
                value={g}
                checked={goal === g}
                onChange={() => setGoal(g)}
                className="size-4 shrink-0"
              />
              {GOAL_LABEL[g]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">What do you want to clean up first?</legend>
        <p className="text-xs text-muted-foreground">Your picks come first on the dashboard, in the order you pick them.</p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {DATA_TYPES.map((t) => (
            <label
              key={t}
              className="flex min-w-0 items-center gap-2 rounded-control border border-border px-3 py-2 text-sm has-[:checked]:border-brand"
            >
              <input
                type="checkbox"
                checked={types.includes(t)}
                onChange={(e) => toggle(t, e.target.checked)}
                className="size-4 shrink-0"
              />
              {TYPE_LABEL[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
