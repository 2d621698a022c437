/**
 * The user's keep-rules and protected folders, kept in this browser only
 * (localStorage), never in the synced settings: folder names are file paths, and paths never
 * reach the server (decision 014). Settings edits them; Organize's proposals and the cleanup
 * plan use them.
 */
import { useSyncExternalStore } from "react";
import { DEFAULT_KEEP_POLICY, type KeepPolicy, KeepPolicySchema } from "../../../domain/keep-rules";

export const KEEP_POLICY_STORAGE_KEY = "cleanspace.keep-policy";
const listeners = new Set<() => void>();
let cached: { raw: string | null; policy: KeepPolicy } | null = null;

export function readKeepPolicy(): KeepPolicy {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEEP_POLICY_STORAGE_KEY);
  } catch {
    // Storage blocked: the defaults.
  }
  if (cached && cached.raw === raw) return cached.policy;
  let policy = DEFAULT_KEEP_POLICY;
  if (raw !== null) {
    try {
      const parsed = KeepPolicySchema.safeParse(JSON.parse(raw));
      if (parsed.success) policy = parsed.data;
    } catch {
      // A damaged value: the defaults.
    }
  }
  cached = { raw, policy };
  return policy;
}

/** Validates and stores; throws the schema's first message when the policy is not valid. */
export function saveKeepPolicy(policy: KeepPolicy): void {
  const parsed = KeepPolicySchema.safeParse(policy);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid keep-rules");
  localStorage.setItem(KEEP_POLICY_STORAGE_KEY, JSON.stringify(parsed.data));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEEP_POLICY_STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useKeepPolicy(): KeepPolicy {
  return useSyncExternalStore(subscribe, readKeepPolicy, () => DEFAULT_KEEP_POLICY);
}
