/** POST /api/subscription/change-plan: monthly ↔ yearly, prorated by Stripe. Answers the updated subscription summary. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client";
import { subscriptionQueryKey, type SubscriptionSummary } from "../../../../lib/subscription/get-subscription";
import { sessionQueryKey } from "../../../../lib/session/get-me";

export function postChangePlan(planType: "monthly" | "yearly"): Promise<SubscriptionSummary> {
  return apiRequest<SubscriptionSummary>("POST", "/api/subscription/change-plan", { planType });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChangePlan,
    onSuccess: (summary) => {
      queryClient.setQueryData(subscriptionQueryKey, summary);
      // The session carries subscriptionStatus (Pro gating in the client).
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
