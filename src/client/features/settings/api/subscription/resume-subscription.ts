/** POST /api/subscription/resume: keep a subscription that was set to cancel. Answers the updated subscription summary. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client";
import { subscriptionQueryKey, type SubscriptionSummary } from "../../../../lib/subscription/get-subscription";
import { sessionQueryKey } from "../../../../lib/session/get-me";

export function postResumeSubscription(): Promise<SubscriptionSummary> {
  return apiRequest<SubscriptionSummary>("POST", "/api/subscription/resume");
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postResumeSubscription,
    onSuccess: (summary) => {
      queryClient.setQueryData(subscriptionQueryKey, summary);
      // The session carries subscriptionStatus (Pro gating in the client).
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
