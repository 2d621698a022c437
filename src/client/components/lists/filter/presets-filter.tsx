/** The advanced filter with the user's saved presets (server, Pro) and the name prompt. */
import { useState } from "react";
import type { FilterCriterion, OrganizeTab } from "../../../../domain/filters";
import { CreateFilterPresetSchema } from "../../../../domain/schemas/filter-preset";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast-store";
import { useCreateFilterPreset, useDeleteFilterPreset, useFilterPresets } from "../../../lib/data/filter-presets";
import { FilterPanel, type PresetChoice } from "./filter-panel";
import { PresetNameDialog } from "./preset-name-dialog";

interface Props {
  tab: OrganizeTab;
  criteria: FilterCriterion[];
  activePresetId: string | null;
  shown: number;
  total: number;
  presetsEnabled: boolean;
  onCriteria(next: FilterCriterion[], presetId?: string | null): void;
}

const userPresetId = (id: number) => `user-${id}`;

export function PresetsFilter({ tab, criteria, activePresetId, shown, total, presetsEnabled, onCriteria }: Props) {
  const presets = useFilterPresets(presetsEnabled);
  const create = useCreateFilterPreset();
  const remove = useDeleteFilterPreset();
  const [naming, setNaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userPresets: PresetChoice[] = (presets.data ?? [])
    .filter((p) => p.category === tab)
    .map((p) => ({
      id: userPresetId(p.id),
      name: p.name,
      description: p.description,
      criteria: p.criteria,
      isDefault: false,
      savedId: p.id,
    }));

  const save = (name: string, description: string) => {
    const parsed = CreateFilterPresetSchema.safeParse({ name, description, category: tab, criteria });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`Check ${issue?.path.join(" ") || "the criteria"}: ${issue?.message ?? "invalid value"}`);
      return;
    }
    const { actionId: _none, ...input } = parsed.data;
    create.mutate(input, {
      onSuccess: (preset) => {
        setNaming(false);
        onCriteria(criteria, userPresetId(preset.id));
        toast({ title: "Preset saved", description: `“${preset.name}” is in your presets.` });
      },
      onError: (e) => setError(e instanceof ApiError && e.serverError ? e.serverError : e.message),
    });
  };

  return (
    <>
      <FilterPanel
        tab={tab}
        criteria={criteria}
        activePresetId={activePresetId}
        userPresets={userPresets}
        shown={shown}
        total={total}
        onCriteria={onCriteria}
        onSave={() => {
          setError(null);
          setNaming(true);
        }}
        onDeletePreset={(p) => {
          if (p.savedId === undefined) return;
          remove.mutate(p.savedId, {
            onSuccess: () => {
              if (p.id === activePresetId) onCriteria([], null);
              toast({ title: "Preset deleted", description: `“${p.name}” was removed.` });
            },
            onError: (e) => toast({ variant: "destructive", title: "Preset not deleted", description: e.message }),
          });
        }}
      />
      <PresetNameDialog open={naming} busy={create.isPending} error={error} onSave={save} onCancel={() => setNaming(false)} />
    </>
  );
}
