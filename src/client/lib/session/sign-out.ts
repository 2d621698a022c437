/**
 * POST /api/auth/logout — spec §4 "Sign out removes the stored user id and goes to the
 * root route". The server session ends first; then the stored keys, the sent-payload log and
 * every cached query (another user's data must never show) are dropped and the session is known signed-out.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { messages } from "../../../domain/messages";
import { paths } from "../../config/paths";
import { ApiError, apiRequest } from "../api-client";
import { clearSentRequests } from "../privacy-receipts/sent-log";
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
      // …nor see this user's cached name, data or streak offline.
      void import("../offline/local-cache").then((m) => m.clearCached());
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
