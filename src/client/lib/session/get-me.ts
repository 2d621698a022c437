/**
 * GET /api/auth/me — who the server says is signed in (ARCHITECTURE principle 3: the
 * server is the authority). 401 means signed out and resolves to null. Every answer keeps
 * the spec's local-storage keys (spec §3 userId, userEmail, auth_data) in step, so a stale
 * or corrupt stored id never outlives the next check. The user is also kept in the local
 * database (spec §3 users), which answers when the network is down (opened
 * offline, the app still knows who is signed in); a 401 clears it.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { PublicUserSchema, type PublicUser } from "../../../domain/schemas/auth";
import { apiGetOrNull } from "../api-client";
import { readThrough } from "../offline/read-through";
import { clearSignedInUser, readStoredUserId, storeSignedInUser } from "../stored-user";
import { queryKeys } from "../query-keys";

export const sessionQueryKey = queryKeys.session;

export async function getMe(signal?: AbortSignal): Promise<PublicUser | null> {
  const body = await apiGetOrNull<unknown>("/api/auth/me", signal);
  return body === null ? null : PublicUserSchema.parse(body);
}

/** Mirrors the server's answer into local storage; a network failure leaves it untouched. */
export function syncStoredUser(user: PublicUser | null): void {
  if (user) storeSignedInUser({ id: user.id, email: user.email, name: user.name });
  else clearSignedInUser();
}

// The local database loads on demand, outside the shell's bundle.
const localCache = () => import("../offline/local-cache");

async function readCachedUser(): Promise<PublicUser | null | undefined> {
  const id = readStoredUserId();
  if (id === null) return undefined;
  const parsed = PublicUserSchema.safeParse(await (await localCache()).getCached("users", id));
  return parsed.success ? parsed.data : undefined;
}

async function writeCachedUser(user: PublicUser | null): Promise<void> {
  const cache = await localCache();
  if (user) await cache.putCached("users", user);
  else await cache.clearCached();
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      const user = await readThrough(() => getMe(signal), { read: readCachedUser, write: writeCachedUser });
      syncStoredUser(user);
      return user;
    },
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
