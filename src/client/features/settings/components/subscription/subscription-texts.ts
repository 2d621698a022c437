/** Texts of Settings → Subscription, in one place for the screen and its tests. */
import type { BillingState } from "../../../../../domain/schemas/subscription";

export const stateLabels: Record<BillingState, string> = {
  none: "No subscription",
  trial: "Free trial",
  active: "Active",
  past_due: "Past due",
  canceling: "Canceled at period end",
  lifetime: "Lifetime",
};

/** "March 4, 2026" in the reader's locale. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(iso));
}

export const subscriptionTexts = {
  title: "Subscription",
  loading: "Loading your subscription…",
  loadError: "Your subscription could not be loaded. Please try again.",
  retry: "Try again",
  noPlan: "You're on the free plan.",
  seePlans: "See plans",
  pastDueGrace: (date: string) =>
    `Your last payment failed. Pro stays unlocked until ${date}; after that it is suspended until a payment succeeds.`,
  pastDueSuspended: "Your payment failed more than 7 days ago, so Pro is suspended until a payment succeeds.",
  updatePayment: "Update payment method",
  updatePaymentUnavailable:
    "Update payment method is unavailable: card payments are not set up on this server, so there is no card to update.",
  verifyNeeded: "Confirm your e-mail address to start a free trial. We sent you a link when you signed up.",
  resend: "Send the link again",
  resent: "We sent a new confirmation link. It works for 3 days.",
  trialUsed: "Your free trial has been used. You can still subscribe from the plans page.",
  cancel: "Cancel subscription",
  resume: "Resume subscription",
  refund: "Request refund",
  cancelTooLate: "Cancellations must be made at least 24 hours before renewal, so this period renews as planned.",
  refundRule: (deadline: string) => `Refunds are available within 30 days of the first purchase only; that ended on ${deadline}.`,
  failed: "Something went wrong. Please try again.",
} as const;
