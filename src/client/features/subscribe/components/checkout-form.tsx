/**
 * The card form (spec §5: cannot be submitted until Stripe is ready, disabled while
 * processing). A trial saves the card (confirmSetup); the rest pay (confirmPayment). Both
 * return to /dashboard when a payment method needs a redirect (spec §7).
 */
import { PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { sessionQueryKey } from "../../../lib/session/get-me";
import { toast } from "../../../lib/toast-store";
import { subscriptionQueryKey } from "../../../lib/subscription/get-subscription";
import { subscribeTexts as t } from "../subscribe-texts";

export interface CheckoutFormProps {
  intent: "payment" | "setup";
  /** The submit button's label, e.g. "Pay $79.99". */
  submitLabel: string;
}

export function CheckoutForm({ intent, submitLabel }: CheckoutFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || !ready || processing) return;
    setProcessing(true);
    try {
      const confirmParams = { return_url: `${window.location.origin}${paths.dashboard}` };
      const { error } =
        intent === "setup"
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: "if_required" })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: "if_required" });
      if (error) {
        toast({ variant: "destructive", title: t.paymentFailedTitle, description: error.message ?? t.paymentFailedFallback });
        return;
      }
      toast({ title: t.successTitle, description: t.successBody });
      // The webhook records the payment; refresh what the app knows about the plan.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
      ]);
      navigate(paths.dashboard);
    } catch {
      toast({ variant: "destructive", title: t.errorTitle, description: t.unexpected });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5" aria-busy={processing}>
      <PaymentElement onReady={() => setReady(true)} />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || processing}>
        {processing ? "Processing..." : submitLabel}
      </Button>
    </form>
  );
}
