import { Plus, X } from "lucide-react";
import { DEFAULT_PRESETS, QUICK_PRESET_COUNT, type FilterCriterion, type FilterPreset, type OrganizeTab } from "../../../../domain/filters";
import { Button } from "../../ui/button";
import { cn } from "../../../lib/cn";
import { blankCriterion, CriterionRow } from "./criterion-row";
import { formatCount } from "../../../../domain/format";

export interface PresetChoice extends FilterPreset {
  /** Server id of a user preset (for delete); absent for the built-in ones. */
  savedId?: number;
}

interface Props {
  tab: OrganizeTab;
  criteria: FilterCriterion[];
  activePresetId: string | null;
  userPresets: PresetChoice[];
  shown: number;
  total: number;
  onCriteria(next: FilterCriterion[], presetId?: string | null): void;
  onSave(): void;
  onDeletePreset(preset: PresetChoice): void;
}

/** Spec §2 "Advanced filter with criteria and presets"; the first 4 presets are quick presets. */
export function FilterPanel({ tab, criteria, activePresetId, userPresets, shown, total, onCriteria, onSave, onDeletePreset }: Props) {
  const presets: PresetChoice[] = [...DEFAULT_PRESETS[tab], ...userPresets];
  const quick = presets.slice(0, QUICK_PRESET_COUNT);
  const more = presets.slice(QUICK_PRESET_COUNT);
  const apply = (p: PresetChoice) =>
    p.id === activePresetId
      ? onCriteria([], null)
      : onCriteria(
          p.criteria.map((c) => ({ ...c })),
          p.id,
        );
  const presetButton = (p: PresetChoice) => (
    <span key={p.id} className="inline-flex items-center">
      <button
        type="button"
        aria-pressed={p.id === activePresetId}
        title={p.description}
        onClick={() => apply(p)}
        className={cn(
          "h-8 rounded-full border px-3 text-sm",
          p.id === activePresetId ? "border-brand bg-brand text-white" : "border-border hover:bg-muted",
          p.savedId !== undefined && "rounded-r-none",
        )}
      >
        {p.name}
      </button>
      {p.savedId !== undefined ? (
        <button
          type="button"
          aria-label={`Delete preset ${p.name}`}
          onClick={() => onDeletePreset(p)}
          className="h-8 rounded-r-full border border-l-0 border-border px-2 hover:bg-muted"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </span>
  );
  return (
    <section aria-labelledby="filter-title" className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="filter-title" className="font-semibold">
          Advanced filter
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="filter-count">
          Showing {formatCount(shown)} of {formatCount(total)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Quick presets">
        {quick.map(presetButton)}
      </div>
      {more.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="More presets">
          {more.map(presetButton)}
        </div>
      ) : null}
      {criteria.length > 0 ? (
        <ul className="grid gap-2" aria-label="Criteria">
          {criteria.map((c, i) => (
            <CriterionRow
              key={i}
              email={tab === "email"}
              index={i}
              criterion={c}
              onChange={(next) => onCriteria(criteria.map((x, j) => (j === i ? next : x)))}
              onRemove={() => onCriteria(criteria.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No criteria: every item is shown. Pick a preset or add a criterion.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => onCriteria([...criteria, blankCriterion()])}>
          <Plus className="size-4" aria-hidden /> Add criterion
        </Button>
        <Button size="sm" variant="outline" disabled={criteria.length === 0} onClick={onSave}>
          Save as preset
        </Button>
        <Button size="sm" variant="ghost" disabled={criteria.length === 0} onClick={() => onCriteria([], null)}>
          Clear
        </Button>
      </div>
    </section>
  );
}
