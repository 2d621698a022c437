/**
 * Stripe.js, loaded only when the payment form opens: the `pure` entry injects
 * https://js.stripe.com (allowed by the CSP) on the first call, not at import time.
 */
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

const loaded = new Map<string, Promise<Stripe | null>>();

export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    // A failed load (offline, blocked) may be retried by opening the form again.
    promise.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, promise);
  }
  return promise;
}
