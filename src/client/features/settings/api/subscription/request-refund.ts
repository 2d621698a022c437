/** POST /api/subscription/refund: the Terms' 30-day refund through the card provider; Pro ends. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client";
import { sessionQueryKey } from "../../../../lib/session/get-me";
import { subscriptionQueryKey, type SubscriptionSummary } from "../../../../lib/subscription/get-subscription";

export type RefundResult = SubscriptionSummary & { refundedCents: number };

export function postRefund(): Promise<RefundResult> {
  return apiRequest<RefundResult>("POST", "/api/subscription/refund");
}

export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRefund,
    onSuccess: ({ refundedCents: _cents, ...summary }) => {
      queryClient.setQueryData(subscriptionQueryKey, summary);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
