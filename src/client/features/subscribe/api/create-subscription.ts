/**
 * POST /api/create-subscription (spec §7): userId and planType in; what to do next out —
 * nothing (lifetime, trial) or confirm `clientSecret` with the Payment Element.
 */
import { useMutation } from "@tanstack/react-query";
import type { PlanType } from "../../../../domain/pricing";
import { apiRequest } from "../../../lib/api-client";

export interface CreateSubscriptionInput {
  userId: number;
  planType: PlanType;
}

export interface CreateSubscriptionResult {
  status: "lifetime" | "trial" | "requires_payment" | "requires_setup";
  clientSecret?: string;
  /** Which Stripe.js call confirms the secret: a trial saves a card (setup), the rest pay. */
  intent?: "payment" | "setup";
  trialEndsAt?: string | null;
}

export function createSubscription(input: CreateSubscriptionInput): Promise<CreateSubscriptionResult> {
  return apiRequest<CreateSubscriptionResult>("POST", "/api/create-subscription", input);
}

export function useCreateSubscription() {
  // Never retried: a retry could start a second payment.
  return useMutation({ mutationFn: createSubscription, retry: false });
}
