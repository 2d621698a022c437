/**
 * Keep-rules and protected folders: which copy of a duplicate group survives,
 * and which files are never proposed for removal. Pure: the CLI (`cleanspace clean`) and
 * Organize's "Export cleanup plan" decide with the same code, and every decision carries
 * the rule that made it, in words, so a user can check a proposal before acting on it.
 *
 * Folders are matched on the "/"-separated path relative to the scanned folder. A folder
 * written without a leading "/" ("Downloads", "Photos/Best") matches at any depth; with a
 * leading "/" ("/Downloads") only at the top. Matching ignores case (and Unicode
 * normalisation form), so "downloads" protects "Downloads": for a protected folder, the
 * safe mistake is protecting too much.
 */
import { z } from "zod";

export const KEEP_RULE_KINDS = ["oldest", "newest", "shortest-path", "inside", "outside"] as const;
export type KeepRuleKind = (typeof KEEP_RULE_KINDS)[number];

/** A folder as the user writes it: relative to the scanned folder, no ".." or empty parts. */
export const FolderPatternSchema = z
  .string()
  .trim()
  .min(1, "Name a folder")
  .max(512, "Folder names are at most 512 characters")
  .refine((value) => splitFolder(value).length > 0, { message: "Name a folder" })
  .refine((value) => !splitFolder(value).some((part) => part === ".." || part === "."), {
    message: "Write the folder without “.” or “..”",
  });

export const KeepRuleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("oldest") }).strict(),
  z.object({ kind: z.literal("newest") }).strict(),
  z.object({ kind: z.literal("shortest-path") }).strict(),
  z.object({ kind: z.literal("inside"), folder: FolderPatternSchema }).strict(),
  z.object({ kind: z.literal("outside"), folder: FolderPatternSchema }).strict(),
]);
export type KeepRule = z.infer<typeof KeepRuleSchema>;

export const KeepPolicySchema = z
  .object({
    /** Tried in order; the first rule that tells two copies apart decides between them. */
    rules: z.array(KeepRuleSchema).max(20),
    /** Folders whose files are never proposed for removal. */
    protectedFolders: z.array(FolderPatternSchema).max(50),
  })
  .strict();
export type KeepPolicy = z.infer<typeof KeepPolicySchema>;

/** The engine's own choice (scan-rules' compareOriginal): oldest, then shortest path. */
export const DEFAULT_KEEP_POLICY: KeepPolicy = { rules: [{ kind: "oldest" }, { kind: "shortest-path" }], protectedFolders: [] };

export interface KeepCandidate {
  /** Relative to the scanned folder, "/"-separated. */
  readonly path: string;
  /** Modification time, ms since the epoch. */
  readonly modified: number;
}

export type KeepDecision<T extends KeepCandidate> =
  | { action: "keep"; file: T; reason: string }
  /** A protected file that is not the chosen keeper: left alone all the same. */
  | { action: "leave"; file: T; reason: string }
  | { action: "remove"; file: T; keep: T; reason: string };

function splitFolder(folder: string): string[] {
  return folder.split("/").filter((part) => part !== "");
}

const fold = (text: string) => text.normalize("NFC").toLowerCase();

/** True when the file at `path` lies inside `folder` (see the matching rules above). */
export function isInFolder(path: string, folder: string): boolean {
  const want = splitFolder(fold(folder.trim()));
  if (want.length === 0) return false;
  const dirs = splitFolder(fold(path)).slice(0, -1);
  const anchored = folder.trim().startsWith("/");
  const last = anchored ? 0 : dirs.length - want.length;
  for (let start = 0; start <= last; start++) {
    if (want.every((part, k) => dirs[start + k] === part)) return true;
  }
  return false;
}

/** The first protected folder holding `path`, or null. */
export function protectingFolder(path: string, protectedFolders: readonly string[]): string | null {
  return protectedFolders.find((folder) => isInFolder(path, folder)) ?? null;
}

/** Negative when `a` is the better copy to keep under `rule`; 0 when the rule cannot tell. */
function compareByRule(rule: KeepRule, a: KeepCandidate, b: KeepCandidate): number {
  switch (rule.kind) {
    case "oldest":
      return a.modified - b.modified;
    case "newest":
      return b.modified - a.modified;
    case "shortest-path":
      return a.path.length - b.path.length;
    case "inside":
      return Number(isInFolder(b.path, rule.folder)) - Number(isInFolder(a.path, rule.folder));
    case "outside":
      return Number(isInFolder(a.path, rule.folder)) - Number(isInFolder(b.path, rule.folder));
  }
}

/** Plain code-unit order: every device picks the same file when all rules tie. */
const byPath = (a: KeepCandidate, b: KeepCandidate) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The rule that prefers `winner` over `loser`, or null when only the name order did. */
function decidingRule(rules: readonly KeepRule[], winner: KeepCandidate, loser: KeepCandidate): KeepRule | null {
  return rules.find((rule) => compareByRule(rule, winner, loser) < 0) ?? null;
}

/** "oldest" → "it is the oldest copy", for "kept because …". */
export function describeKeepRule(rule: KeepRule | null): string {
  if (rule === null) return "the copies tie on every keep-rule, so the first by name is kept";
  switch (rule.kind) {
    case "oldest":
      return "it is the oldest copy";
    case "newest":
      return "it is the newest copy";
    case "shortest-path":
      return "it has the shortest path";
    case "inside":
      return `it is inside your preferred folder “${rule.folder}”`;
    case "outside":
      return `it is outside “${rule.folder}”`;
  }
}

/** Short label for a rule in lists and the CLI ("inside:Photos"). */
export function keepRuleLabel(rule: KeepRule): string {
  return rule.kind === "inside" || rule.kind === "outside" ? `${rule.kind}:${rule.folder}` : rule.kind;
}

/** "oldest", "inside:Photos", "outside:/Downloads" → a rule; throws a readable Error otherwise. */
export function parseKeepRule(text: string): KeepRule {
  const colon = text.indexOf(":");
  const kind = colon < 0 ? text : text.slice(0, colon);
  const folder = colon < 0 ? undefined : text.slice(colon + 1);
  const candidate = folder === undefined ? { kind } : { kind, folder };
  const parsed = KeepRuleSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  if (!(KEEP_RULE_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`unknown keep-rule '${text}': use oldest, newest, shortest-path, inside:FOLDER or outside:FOLDER`);
  }
  throw new Error(`keep-rule '${text}': ${parsed.error.issues[0]?.message ?? "invalid"}`);
}

/**
 * Decides one duplicate group: exactly one file is kept (the best by the rules, among the
 * protected files when there are any), other protected files are left alone, the rest are
 * proposed for removal, each with the rule that decided against it. When every file is
 * protected nothing is removed. Groups of fewer than two files propose nothing.
 */
export function decideGroup<T extends KeepCandidate>(files: readonly T[], policy: KeepPolicy): KeepDecision<T>[] {
  if (files.length < 2) return files.map((file) => ({ action: "keep", file, reason: "It has no duplicate" }));
  const guard = (file: T) => protectingFolder(file.path, policy.protectedFolders);
  const compare = (a: T, b: T) => {
    for (const rule of policy.rules) {
      const order = compareByRule(rule, a, b);
      if (order !== 0) return order;
    }
    return byPath(a, b);
  };
  const protectedFiles = files.filter((file) => guard(file) !== null);
  const pool = protectedFiles.length > 0 ? protectedFiles : files;
  const keeper = [...pool].sort(compare)[0]!;
  const keeperGuard = guard(keeper);
  const decisions: KeepDecision<T>[] = [];
  for (const file of files) {
    if (file === keeper) {
      const because =
        keeperGuard !== null
          ? `it is in the protected folder “${keeperGuard}”`
          : describeKeepRule(decidingRule(policy.rules, keeper, [...files].filter((f) => f !== keeper).sort(compare)[0]!));
      decisions.push({ action: "keep", file, reason: `Kept because ${because}` });
      continue;
    }
    const fileGuard = guard(file);
    if (fileGuard !== null) {
      decisions.push({ action: "leave", file, reason: `Left alone: it is in the protected folder “${fileGuard}”` });
      continue;
    }
    const because =
      keeperGuard !== null
        ? `that copy is in the protected folder “${keeperGuard}”`
        : describeRemoval(decidingRule(policy.rules, keeper, file));
    decisions.push({ action: "remove", file, keep: keeper, reason: `Copy of “${keeper.path}”, which is kept because ${because}` });
  }
  return decisions;
}

function describeRemoval(rule: KeepRule | null): string {
  if (rule === null) return "both tie on every keep-rule and it comes first by name";
  switch (rule.kind) {
    case "oldest":
      return "it is older";
    case "newest":
      return "it is newer";
    case "shortest-path":
      return "its path is shorter";
    case "inside":
      return `it is inside your preferred folder “${rule.folder}”`;
    case "outside":
      return `it is outside “${rule.folder}”`;
  }
}
