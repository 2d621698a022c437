import { Trash2 } from "lucide-react";
import {
  FILTER_FIELDS,
  FILTER_TYPE_OPERATORS,
  FILTER_TYPES,
  MB,
  type FilterCriterion,
  type FilterOperator,
  type FilterType,
} from "../../../../domain/filters";
import { SCAN_CATEGORIES } from "../../../../domain/scan-rules";

const TYPE_LABEL: Record<FilterType, string> = { text: "Text", size: "Size", date: "Date", status: "Status", category: "Category" };
const FIELD_LABEL: Record<string, string> = {
  name: "Name",
  path: "Path",
  extension: "Extension",
  mimeType: "MIME type",
  size: "Size",
  modified: "Age",
  duplicate: "Duplicate copy",
  original: "Original",
  large: "Large",
  old: "Old",
  unused: "Unused",
  unread: "Unread",
  category: "Category",
};
/** On the Email tab a message's subject is its "name" and its sender its "path" (domain/email-filter.ts). */
const EMAIL_FIELD_LABEL: Record<string, string> = { name: "Subject", path: "Sender" };

function operatorLabel(type: FilterType, op: FilterOperator): string {
  if (type === "date")
    return { greater_than: "older than (days)", less_than: "newer than (days)", equals: "exactly (days old)" }[op as "equals"] ?? op;
  if (type === "size") return { greater_than: "more than (MB)", less_than: "less than (MB)", equals: "exactly (MB)" }[op as "equals"] ?? op;
  return { equals: "is", contains: "contains", in: "is one of", greater_than: "more than", less_than: "less than" }[op];
}

/** A fresh criterion of a type, with that type's first field and operator. */
export function blankCriterion(type: FilterType = "text"): FilterCriterion {
  const value = { text: "", size: 10 * MB, date: 30, status: true, category: "document" }[type];
  return { name: FILTER_FIELDS[type][0]!, type, operator: FILTER_TYPE_OPERATORS[type][0]!, value, enabled: true };
}

const control = "h-9 rounded-lg border border-border bg-background px-2 text-sm";

interface Props {
  /** Names the fields as the tab's items have them (a message's subject and sender). */
  email?: boolean;
  index: number;
  criterion: FilterCriterion;
  onChange(next: FilterCriterion): void;
  onRemove(): void;
}

export function CriterionRow({ email = false, index, criterion: c, onChange, onRemove }: Props) {
  const n = index + 1;
  const set = (patch: Partial<FilterCriterion>) => onChange({ ...c, ...patch });
  const valueText = Array.isArray(c.value) ? c.value.join(", ") : String(c.value);
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-xl bg-muted/50 p-2">
      <input
        type="checkbox"
        className="size-4"
        checked={c.enabled}
        onChange={(e) => set({ enabled: e.target.checked })}
        aria-label={`Criterion ${n} enabled`}
      />
      <select
        className={control}
        value={c.type}
        aria-label={`Criterion ${n} type`}
        onChange={(e) => onChange({ ...blankCriterion(e.target.value as FilterType), enabled: c.enabled })}
      >
        {FILTER_TYPES.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABEL[t]}
          </option>
        ))}
      </select>
      {FILTER_FIELDS[c.type].length > 1 ? (
        <select className={control} value={c.name} aria-label={`Criterion ${n} field`} onChange={(e) => set({ name: e.target.value })}>
          {FILTER_FIELDS[c.type].map((f) => (
            <option key={f} value={f}>
              {(email ? EMAIL_FIELD_LABEL[f] : undefined) ?? FIELD_LABEL[f] ?? f}
            </option>
          ))}
        </select>
      ) : null}
      {c.type === "status" ? (
        <select
          className={control}
          value={String(c.value === true)}
          aria-label={`Criterion ${n} value`}
          onChange={(e) => set({ value: e.target.value === "true" })}
        >
          <option value="true">is</option>
          <option value="false">is not</option>
        </select>
      ) : (
        <select
          className={control}
          value={c.operator}
          aria-label={`Criterion ${n} operator`}
          onChange={(e) => set({ operator: e.target.value as FilterOperator })}
        >
          {FILTER_TYPE_OPERATORS[c.type].map((op) => (
            <option key={op} value={op}>
              {operatorLabel(c.type, op)}
            </option>
          ))}
        </select>
      )}
      {c.type === "size" ? (
        <input
          type="number"
          min={0}
          step="any"
          className={`${control} w-24`}
          aria-label={`Criterion ${n} size in MB`}
          value={Number(c.value) / MB}
          onChange={(e) => set({ value: Math.max(0, Math.round(Number(e.target.value) * MB)) })}
        />
      ) : c.type === "date" ? (
        <input
          type="number"
          min={0}
          step={1}
          className={`${control} w-24`}
          aria-label={`Criterion ${n} days`}
          value={Number(c.value)}
          onChange={(e) => set({ value: Math.max(0, Math.floor(Number(e.target.value))) })}
        />
      ) : c.type === "category" && c.operator === "equals" ? (
        <select
          className={control}
          value={String(c.value)}
          aria-label={`Criterion ${n} value`}
          onChange={(e) => set({ value: e.target.value })}
        >
          {SCAN_CATEGORIES.map((cat) => (
            <option key={cat} value={cat}>
              {cat}
            </option>
          ))}
        </select>
      ) : c.type === "status" ? null : (
        <input
          type="text"
          className={`${control} min-w-0 flex-1`}
          aria-label={`Criterion ${n} value`}
          placeholder={c.operator === "in" ? "pdf, docx" : "text"}
          value={valueText}
          onChange={(e) => set({ value: e.target.value })}
        />
      )}
      <button type="button" onClick={onRemove} aria-label={`Remove criterion ${n}`} className="ml-auto rounded-md p-2 hover:bg-muted">
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
