/** POST /api/subscription/portal: a Stripe-hosted page to update the card (503 without Stripe keys). */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../../lib/api-client";

export function postPaymentPortal(): Promise<{ url: string }> {
  return apiRequest<{ url: string }>("POST", "/api/subscription/portal");
}

export function useOpenPaymentPortal() {
  return useMutation({
    mutationFn: postPaymentPortal,
    // Stripe's page returns to /settings when the user is done.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
