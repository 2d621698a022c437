/** GET /api/subscription: the signed-in user's plan, trial end and payment grace period. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanType } from "../../../../domain/pricing";
import type { SubscriptionStatus } from "../../../../domain/schemas/auth";
import { apiGetOrNull } from "../../../lib/api-client";

export interface SubscriptionSummary {
  status: SubscriptionStatus;
  plan: PlanType | null;
  trialEndsAt: string | null;
  /** Set while a failed renewal's 7-day grace period runs. */
  graceEndsAt: string | null;
}

export const subscriptionQueryKey = ["subscribe", "subscription"] as const;

export function getSubscription(signal?: AbortSignal): Promise<SubscriptionSummary | null> {
  return apiGetOrNull<SubscriptionSummary>("/api/subscription", signal);
}

export function getSubscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => getSubscription(signal) });
}

export function useSubscription(enabled: boolean) {
  return useQuery({ ...getSubscriptionQueryOptions(), enabled });
}
