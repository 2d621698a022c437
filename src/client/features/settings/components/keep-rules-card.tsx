import { useId, useState, type FormEvent } from "react";
import {
  FolderPatternSchema,
  KEEP_RULE_KINDS,
  type KeepPolicy,
  type KeepRule,
  type KeepRuleKind,
  DEFAULT_KEEP_POLICY,
} from "../../../../domain/keep-rules";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { saveKeepPolicy, useKeepPolicy } from "../../../lib/device-data/keep-policy";
import { toast } from "../../../lib/toast-store";

const KIND_LABEL: Record<KeepRuleKind, string> = {
  oldest: "Keep the oldest copy",
  newest: "Keep the newest copy",
  "shortest-path": "Keep the copy with the shortest path",
  inside: "Keep the copy inside a preferred folder",
  outside: "Keep a copy outside a folder (such as Downloads)",
};

function ruleText(rule: KeepRule): string {
  if (rule.kind === "inside") return `Keep the copy inside “${rule.folder}”`;
  if (rule.kind === "outside") return `Keep a copy outside “${rule.folder}”`;
  return KIND_LABEL[rule.kind];
}

const sameRule = (a: KeepRule, b: KeepRule) => a.kind === b.kind && ("folder" in a ? a.folder : "") === ("folder" in b ? b.folder : "");

/**
 * Keep-rules and protected folders: which copy of a duplicate stays, and folders
 * never proposed for removal. Saved in this browser only — folder names are paths, and
 * paths never leave the device (decision 014).
 */
export function KeepRulesCard() {
  const policy = useKeepPolicy();
  const kindId = useId();
  const [kind, setKind] = useState<KeepRuleKind>("inside");
  const [ruleFolder, setRuleFolder] = useState("");
  const [ruleError, setRuleError] = useState<string | undefined>();
  const [protect, setProtect] = useState("");
  const [protectError, setProtectError] = useState<string | undefined>();
  const needsFolder = kind === "inside" || kind === "outside";

  const save = (next: KeepPolicy, message: string) => {
    try {
      saveKeepPolicy(next);
      toast({ title: "Keep-rules updated", description: message });
    } catch (error) {
      toast({ title: "Error", description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const rules = [...policy.rules];
    const [rule] = rules.splice(index, 1);
    rules.splice(index + by, 0, rule!);
    save({ ...policy, rules }, `${ruleText(rule!)} is now rule ${index + by + 1}.`);
  };
  const addRule = (event: FormEvent) => {
    event.preventDefault();
    let rule: KeepRule;
    if (needsFolder) {
      const folder = FolderPatternSchema.safeParse(ruleFolder);
      if (!folder.success) return setRuleError(folder.error.issues[0]?.message);
      rule = { kind, folder: folder.data };
    } else {
      rule = { kind } as KeepRule;
    }
    if (policy.rules.some((r) => sameRule(r, rule))) return setRuleError("That rule is already in the list");
    setRuleError(undefined);
    setRuleFolder("");
    // First, so it decides: a rule added below "oldest" would almost never be reached.
    save(
      { ...policy, rules: [rule, ...policy.rules] },
      `Added as rule 1: ${ruleText(rule)}. It decides first; use Up and Down to change the order.`,
    );
  };
  const addProtected = (event: FormEvent) => {
    event.preventDefault();
    const folder = FolderPatternSchema.safeParse(protect);
    if (!folder.success) return setProtectError(folder.error.issues[0]?.message);
    if (policy.protectedFolders.includes(folder.data)) return setProtectError("That folder is already protected");
    setProtectError(undefined);
    setProtect("");
    save({ ...policy, protectedFolders: [...policy.protectedFolders, folder.data] }, `“${folder.data}” is protected.`);
  };

  return (
    <Card>
      <CardTitle>Which copy to keep</CardTitle>
      <p className="mt-1 text-sm text-muted-foreground">
        When files are duplicates, one copy stays: the first rule that tells the copies apart decides, then the next. Folders are written as
        they sit in the folder you scan (“Downloads”, or “/Downloads” for the top one only). Kept on this device only.
      </p>
      <h3 className="mt-3 text-sm font-semibold">Keep-rules, in order</h3>
      {policy.rules.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rules: the first copy by name is kept.</p>
      ) : (
        <ol className="mt-1 grid gap-1" aria-label="Keep-rules, in order">
          {policy.rules.map((rule, i) => (
            <li key={`${rule.kind}:${"folder" in rule ? rule.folder : ""}`} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 basis-40 [overflow-wrap:anywhere]">
                {i + 1}. {ruleText(rule)}
              </span>
              <span className="flex shrink-0 gap-1">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move up: ${ruleText(rule)}`}>
                  Up
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === policy.rules.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move down: ${ruleText(rule)}`}
                >
                  Down
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => save({ ...policy, rules: policy.rules.filter((_, k) => k !== i) }, `Removed: ${ruleText(rule)}.`)}
                  aria-label={`Remove: ${ruleText(rule)}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <form
        className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end [&>*]:min-w-0"
        onSubmit={addRule}
        aria-label="Add a keep-rule"
      >
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor={kindId} className="text-sm font-medium">
            Rule to add
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(e) => setKind(e.target.value as KeepRuleKind)}
            className="h-11 w-full min-w-0 rounded-control border border-border bg-background px-3 text-base focus-visible:ring-2 focus-visible:ring-brand"
          >
            {KEEP_RULE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
        {needsFolder ? (
          <Field label="Folder" value={ruleFolder} onChange={(e) => setRuleFolder(e.target.value)} error={ruleError} placeholder="Photos" />
        ) : (
          <div />
        )}
        <Button type="submit" variant="outline">
          Add rule
        </Button>
        {!needsFolder && ruleError ? (
          <p role="alert" className="text-sm text-danger sm:col-span-3">
            {ruleError}
          </p>
        ) : null}
      </form>

      <h3 className="mt-4 text-sm font-semibold">Protected folders</h3>
      <p className="text-sm text-muted-foreground">Files in these folders are never proposed for removal.</p>
      {policy.protectedFolders.length > 0 ? (
        <ul className="mt-1 grid gap-1" aria-label="Protected folders">
          {policy.protectedFolders.map((folder) => (
            <li key={folder} className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 basis-40 [overflow-wrap:anywhere]">{folder}</span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  save(
                    { ...policy, protectedFolders: policy.protectedFolders.filter((f) => f !== folder) },
                    `“${folder}” is no longer protected.`,
                  )
                }
                aria-label={`Stop protecting ${folder}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end [&>*]:min-w-0"
        onSubmit={addProtected}
        aria-label="Protect a folder"
      >
        <Field
          label="Folder to protect"
          value={protect}
          onChange={(e) => setProtect(e.target.value)}
          error={protectError}
          placeholder="Family/Originals"
        />
        <Button type="submit" variant="outline">
          Protect folder
        </Button>
      </form>
      <Button
        className="mt-3"
        size="sm"
        variant="ghost"
        onClick={() => save(DEFAULT_KEEP_POLICY, "Back to: keep the oldest copy, then the shortest path.")}
      >
        Reset to the default rules
      </Button>
    </Card>
  );
}
