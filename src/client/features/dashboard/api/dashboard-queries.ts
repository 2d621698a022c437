/**
 * The dashboard's reads (spec §7): digital data and streak retried 3 times, 1 s apart;
 * a tip cached 5 minutes. Queries run only for a positive user id (spec §5).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DigitalData, Streak } from "../../../../domain/schemas/dashboard";
import type { Tip } from "../../../../domain/schemas/tip";
import { apiRequest } from "../../../lib/api-client";

const RETRY = { retry: 3, retryDelay: 1000 } as const;

export const digitalDataQuery = (userId: number) =>
  queryOptions({
    queryKey: ["dashboard", "digital-data", userId],
    queryFn: ({ signal }) => apiRequest<DigitalData>("GET", `/api/digital-data/${userId}`, undefined, { signal }),
    ...RETRY,
  });

export const streakQuery = (userId: number) =>
  queryOptions({
    queryKey: ["dashboard", "streak", userId],
    queryFn: ({ signal }) => apiRequest<Streak>("GET", `/api/streaks/${userId}`, undefined, { signal }),
    ...RETRY,
  });

export function useDigitalData(userId: number | null) {
  return useQuery({ ...digitalDataQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}

export function useStreak(userId: number | null) {
  return useQuery({ ...streakQuery(userId ?? 0), enabled: userId !== null && userId > 0 });
}

export function useRandomTip() {
  return useQuery({
    queryKey: ["dashboard", "tip"],
    queryFn: ({ signal }) => apiRequest<Tip>("GET", "/api/tips/random", undefined, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}
