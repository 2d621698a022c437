/** The subscription screen's spec texts (spec §8 "Subscription"), each written once. */
import { PRODUCT_NAME } from "../../../domain/brand";

export const subscribeTexts = {
  authRequiredTitle: "Authentication Required",
  authRequiredBody: "Please log in to subscribe.",
  errorTitle: "Error",
  createFailed: "Failed to create subscription",
  unexpected: "An unexpected error occurred. Please try again.",
  paymentFailedTitle: "Payment Failed",
  paymentFailedFallback: "Your payment could not be completed.",
  successTitle: "Success!",
  successBody: `Welcome to ${PRODUCT_NAME} Pro! You're now subscribed.`,
  lifetimeAlready: "Already have lifetime access",
  trialStartedTitle: "Free Trial Started",
  planChangedTitle: "Plan Changed",
  confirmFirstTitle: "Confirm your e-mail first",
  resendLink: "Send the link again",
  linkSentTitle: "Link sent",
  linkSentBody: "Check your inbox for the confirmation link, then choose your plan again.",
  checkoutTitle: "Complete Your Subscription",
  backToPlans: "Back to Plans",
  moneyBack: "30-day money-back guarantee",
  cancelAnytime: "Cancel anytime",
} as const;

/** "March 4, 2026" in the reader's locale. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(iso));
}
