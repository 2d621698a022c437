/**
 * The signed-in user's digital data and streak (spec §7: retried 3 times, 1 s apart), read
 * through the local database (spec §3 digitalData, streaks) so they show offline. Shared by
 * the dashboard and Organize (its organize score); the keys stay under "dashboard", which
 * sync and scans invalidate.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DigitalData } from "../../../domain/schemas/digital-data";
import type { Streak } from "../../../domain/schemas/streak";
import { apiRequest } from "../api-client";
import { getCached, putCached } from "../offline/local-cache";
import { readThrough } from "../offline/read-through";
import { queryKeys } from "../query-keys";

const RETRY = { retry: 3, retryDelay: 1000 } as const;

export const digitalDataQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.dashboard.digitalData(userId),
    queryFn: ({ signal }) =>
      readThrough(() => apiRequest<DigitalData>("GET", `/api/digital-data/${userId}`, undefined, { signal }), {
        read: async () => (await getCached("digitalData", userId)) as DigitalData | undefined,
        write: (value) => putCached("digitalData", { ...value, userId }),
      }),
    ...RETRY,
  });

export const streakQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.dashboard.streak(userId),
    queryFn: ({ signal }) =>
      readThrough(() => apiRequest<Streak>("GET", `/api/streaks/${userId}`, undefined, { signal }), {
        read: async () => (await getCached("streaks", userId)) as Streak | undefined,
        write: (value) => putCached("streaks", { ...value, userId }),
      }),
    ...RETRY,
  });

export function useDigitalData(userId: number | null) {
  return useQuery({ ...digitalDataQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}

export function useStreak(userId: number | null) {
  return useQuery({ ...streakQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}
