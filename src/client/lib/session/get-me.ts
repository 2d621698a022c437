/**
 * GET /api/auth/me — who the server says is signed in (ARCHITECTURE principle 3: the
 * server is the authority). 401 means signed out and resolves to null. Every answer keeps
 * the spec's local-storage keys (spec §3 userId, userEmail, auth_data) in step, so a stale
 * or corrupt stored id never outlives the next check.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PublicUserSchema, type PublicUser } from "../../../domain/schemas/auth";
import { apiGetOrNull } from "../api-client";
import { clearSignedInUser, storeSignedInUser } from "../stored-user";

export const sessionQueryKey = ["session"] as const;

export async function getMe(signal?: AbortSignal): Promise<PublicUser | null> {
  const body = await apiGetOrNull<unknown>("/api/auth/me", signal);
  return body === null ? null : PublicUserSchema.parse(body);
}

/** Mirrors the server's answer into local storage; a network failure leaves it untouched. */
export function syncStoredUser(user: PublicUser | null): void {
  if (user) storeSignedInUser({ id: user.id, email: user.email, name: user.name });
  else clearSignedInUser();
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      const user = await getMe(signal);
      syncStoredUser(user);
      return user;
    },
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
