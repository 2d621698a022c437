/**
 * 'Complete Your Subscription' (spec §2): the Stripe Payment Element for the chosen plan.
 * This module (and Stripe.js with it) is loaded only when a client secret arrives.
 */
import { Elements } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { formatUsd, getPlan, periodLabel, type PlanType } from "../../../../domain/pricing";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useStripeConfig } from "../api/get-stripe-config";
import { loadStripeOnce } from "../load-stripe";
import { subscribeTexts as t } from "../subscribe-texts";
import { CheckoutForm } from "./checkout-form";

export interface CheckoutScreenProps {
  plan: PlanType;
  clientSecret: string;
  intent: "payment" | "setup";
  onBack(): void;
}

type Loaded = { state: "loading" } | { state: "ready"; stripe: Stripe } | { state: "failed" };

function useStripeJs(publishableKey: string | null | undefined): Loaded {
  const [loaded, setLoaded] = useState<{ key: string; result: Loaded } | null>(null);
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    loadStripeOnce(publishableKey)
      .then((stripe) => live && setLoaded({ key: publishableKey, result: stripe ? { state: "ready", stripe } : { state: "failed" } }))
      .catch(() => live && setLoaded({ key: publishableKey, result: { state: "failed" } }));
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return loaded && loaded.key === publishableKey ? loaded.result : { state: "loading" };
}

export function CheckoutScreen({ plan: planId, clientSecret, intent, onBack }: CheckoutScreenProps) {
  const plan = getPlan(planId);
  const config = useStripeConfig();
  const publishableKey = config.data?.publishableKey;
  const stripe = useStripeJs(publishableKey);
  // The form follows the app theme (a class on the document root, lib/theme).
  const dark = document.documentElement.classList.contains("dark");
  const price = `${formatUsd(plan.priceCents)}${plan.period === "once" ? "" : periodLabel(plan.period)}`;
  const submitLabel = intent === "setup" ? `Start Free Trial` : `Pay ${price}`;

  let body;
  if (config.isError || (config.data && !publishableKey) || stripe.state === "failed") {
    body = (
      <p role="alert" className="text-sm text-danger">
        {config.data && !publishableKey
          ? "Card payments are not set up on this server."
          : "The payment form could not load. Check your connection and try again."}
      </p>
    );
  } else if (stripe.state === "loading") {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the secure payment form…
      </p>
    );
  } else {
    body = (
      <Elements
        stripe={stripe.stripe}
        options={{ clientSecret, appearance: { theme: dark ? "night" : "stripe", variables: { colorPrimary: "#2563eb" } } }}
      >
        <CheckoutForm intent={intent} submitLabel={submitLabel} />
      </Elements>
    );
  }

  return (
    <section aria-labelledby="checkout-title" className="mx-auto grid max-w-lg gap-4">
      <Button variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden />
        {t.backToPlans}
      </Button>
      <Card className="grid gap-4">
        <div>
          <h2 id="checkout-title" className="text-xl font-semibold">
            {t.checkoutTitle}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {plan.name} · {price}
            {intent === "setup" && plan.trialDays > 0 ? ` after your ${plan.trialDays}-day free trial. You won't be charged today.` : ""}
          </p>
        </div>
        {body}
        <p className="text-xs text-muted-foreground">
          {t.moneyBack} · {t.cancelAnytime}. Payments are processed by Stripe; your card never touches our servers.
        </p>
      </Card>
    </section>
  );
}
