/**
 * GET /api/subscription: the signed-in user's plan, state, dates and the billing actions the
 * server allows. Shared by /subscribe (current plan) and Settings → Subscription.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SubscriptionSummary } from "../../../domain/schemas/subscription";
import { apiGetOrNull } from "../api-client";
import { queryKeys } from "../query-keys";

export type { SubscriptionSummary };

export const subscriptionQueryKey = queryKeys.subscription;

export function getSubscription(signal?: AbortSignal): Promise<SubscriptionSummary | null> {
  return apiGetOrNull<SubscriptionSummary>("/api/subscription", signal);
}

export function getSubscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription(signal) });
}

export function useSubscription(enabled: boolean) {
  return useQuery({ ...getSubscriptionQueryOptions(), enabled });
}
