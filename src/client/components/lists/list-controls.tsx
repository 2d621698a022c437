/**
 * The controls above a list or a photo view: a search box and a sort menu, drawn the same way
 * wherever a list can be searched and sorted (Files, All photos, Apps, photo groups).
 */
import { Search } from "lucide-react";

/** The look of a toolbar control. */
const LIST_CONTROL = "h-9 rounded-lg border border-border bg-background px-2 text-sm";

/** A search box that fills the toolbar's free width; `label` is its accessible name. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label className="relative min-w-44 flex-1">
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground" aria-hidden />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`${LIST_CONTROL} w-full pl-8`}
      />
    </label>
  );
}

/** "Sort" and a menu of the given orders, each shown by its label. */
export function SortSelect<S extends string>({
  value,
  orders,
  labels,
  onChange,
}: {
  value: S;
  orders: readonly S[];
  labels: Readonly<Record<S, string>>;
  onChange(order: S): void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      Sort
      <select className={LIST_CONTROL} value={value} onChange={(e) => onChange(e.target.value as S)}>
        {orders.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
