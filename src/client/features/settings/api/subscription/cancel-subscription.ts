/** POST /api/subscription/cancel: cancel at the end of the paid period (a card-free trial ends at once). Answers the updated subscription summary. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client";
import { subscriptionQueryKey, type SubscriptionSummary } from "../../../../lib/subscription/get-subscription";
import { sessionQueryKey } from "../../../../lib/session/get-me";

export function postCancelSubscription(): Promise<SubscriptionSummary> {
  return apiRequest<SubscriptionSummary>("POST", "/api/subscription/cancel");
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCancelSubscription,
    onSuccess: (summary) => {
      queryClient.setQueryData(subscriptionQueryKey, summary);
      // The session carries subscriptionStatus (Pro gating in the client).
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
