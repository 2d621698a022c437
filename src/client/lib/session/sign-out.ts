/**
 * POST /api/auth/logout — spec §4 "Sign out removes the stored user id and goes to the
 * root route". The server session ends first; then everything this browser holds to show
 * the user is dropped before the next screen renders — stored keys, settings mirror,
 * keep-rules, the sent-payload log, the offline copies, the last scan's index (with its
 * caches, marks and folder) and every cached query — so the next person on this device sees
 * nobody's name, score or files. The user's own exports and backups are where they chose to
 * keep a scan.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { messages } from "../../../domain/messages";
import { paths } from "../../config/paths";
import { ApiError, apiRequest } from "../api-client";
import { KEEP_POLICY_STORAGE_KEY } from "../device-data/keep-policy";
import { clearScanData } from "../device-data/local-data";
import { clearSentRequests } from "../privacy-receipts/sent-log";
import { SETTINGS_MIRROR_KEY } from "../settings/mirror-flag";
import { clearSignedInUser } from "../stored-user";
import { toast } from "../toast-store";
import { sessionQueryKey } from "./get-me";

export async function postLogout(): Promise<void> {
  try {
    await apiRequest("POST", "/api/auth/logout");
  } catch (e) {
    // Already signed out on the server: the goal is reached.
    if (e instanceof ApiError && e.status === 401) return;
    throw e;
  }
}

/** `const signOut = useSignOut(); signOut.mutate();` — `signOut.isPending` while it runs. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: postLogout,
    onSuccess: async () => {
      clearSignedInUser();
      // The next person on this device must not read this user's sent payloads (e-mail, name).
      clearSentRequests();
      forgetLocalKeys([SETTINGS_MIRROR_KEY, KEEP_POLICY_STORAGE_KEY]);
      // …nor see this user's cached name, data, streak or last scan, online or offline.
      await Promise.all([import("../offline/local-cache").then((m) => m.clearCached()), clearScanData()]).catch((error: unknown) =>
        console.warn("CleanSpace: some local data was not cleared", error),
      );
      await queryClient.cancelQueries();
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, null);
      navigate(paths.root);
    },
    onError: () => {
      toast({ variant: "destructive", title: "Sign Out Failed", description: messages.somethingWentWrong });
    },
  });
}

function forgetLocalKeys(keys: readonly string[]): void {
  try {
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}
