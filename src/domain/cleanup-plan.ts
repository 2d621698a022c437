/**
 * Builds a cleanup plan (schemas/cleanup-plan.ts) from duplicate groups whose members carry
 * a SHA-256 of their bytes, by the keep-rules. Pure: the CLI's `clean` and Organize's
 * "Export cleanup plan" both call it, so a plan means the same wherever it was made.
 */
import { type KeepDecision, type KeepPolicy, decideGroup } from "./keep-rules";
import { type CleanupPlan, PLAN_FORMAT, PLAN_VERSION, type PlanFile } from "./schemas/cleanup-plan";

export interface HashedFile {
  path: string;
  size: number;
  /** ms since the epoch. */
  modified: number;
  /** "sha256:…", or null when the file could not be read (it then takes no part). */
  hash: string | null;
}

export interface BuildPlanInput {
  /** Duplicate groups as the scan found them (by size and xxHash128). */
  groups: readonly (readonly HashedFile[])[];
  policy: KeepPolicy;
  rootName: string;
  createdBy: "web" | "cli";
  now: Date;
}

export interface BuiltPlan {
  plan: CleanupPlan;
  /** Every decision, kept and left-alone files included, group by group (for showing the plan). */
  decisions: KeepDecision<HashedFile>[][];
}

const toPlanFile = (file: HashedFile): PlanFile => ({
  path: file.path,
  size: file.size,
  mtime: Math.trunc(file.modified),
  hash: file.hash!,
});

/**
 * Members are regrouped by their SHA-256 first: the scan's groups come from a fast
 * non-cryptographic hash, and a file edited since the scan must not be removed as a copy.
 */
export function buildCleanupPlan(input: BuildPlanInput): BuiltPlan {
  const decisions: KeepDecision<HashedFile>[][] = [];
  const actions: CleanupPlan["actions"] = [];
  for (const group of input.groups) {
    const byHash = new Map<string, HashedFile[]>();
    for (const file of group) {
      if (file.hash === null) continue;
      const key = `${file.size}:${file.hash}`;
      const same = byHash.get(key);
      if (same) same.push(file);
      else byHash.set(key, [file]);
    }
    for (const same of byHash.values()) {
      if (same.length < 2) continue;
      const decided = decideGroup(same, input.policy);
      decisions.push(decided);
      for (const d of decided) {
        if (d.action === "remove") actions.push({ action: "trash", file: toPlanFile(d.file), keep: toPlanFile(d.keep), reason: d.reason });
      }
    }
  }
  return {
    plan: {
      format: PLAN_FORMAT,
      version: PLAN_VERSION,
      createdAt: input.now.toISOString(),
      createdBy: input.createdBy,
      rootName: input.rootName,
      policy: input.policy,
      actions,
    },
    decisions,
  };
}

/** Bytes the plan frees if every action is carried out. */
export function planBytes(plan: CleanupPlan): number {
  return plan.actions.reduce((sum, a) => sum + a.file.size, 0);
}
