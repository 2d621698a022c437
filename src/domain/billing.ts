/**
 * Billing rules from the Terms (spec §9 "Pricing and legal"): cancel at least 24 h before
 * renewal, refunds within 30 days of the initial purchase, suspension after 7 days of failed
 * payment (effectiveStatus in subscription.ts). Pure, so the server enforces them and the
 * Settings screen explains them from the same numbers.
 */
import { MONEY_BACK_GUARANTEE_DAYS } from "./pricing";
import { PAST_DUE_GRACE_DAYS } from "./subscription";

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Terms: a cancellation must reach us at least this long before the renewal. */
export const CANCEL_NOTICE_HOURS = 24;
/** Reminder mail this many days before a trial with a card ends (Stripe's trial_will_end). */
export const TRIAL_REMINDER_DAYS = 3;

/** Whether a paid period renewing at `renewsAt` may still be cancelled at `now` (Terms: 24 h before). */
export function canCancelBeforeRenewal(renewsAt: Date | null, now: Date = new Date()): boolean {
  if (!renewsAt) return true;
  return renewsAt.getTime() - now.getTime() >= CANCEL_NOTICE_HOURS * HOUR_MS;
}

/** The last moment a refund may be asked for: 30 days after the first payment. */
export function refundDeadline(firstPaidAt: Date): Date {
  return new Date(firstPaidAt.getTime() + MONEY_BACK_GUARANTEE_DAYS * DAY_MS);
}

/** Terms: refunds within 30 days of the initial purchase only, and once. */
export function isRefundable(state: { firstPaidAt: Date | null; refundedAt: Date | null }, now: Date = new Date()): boolean {
  if (!state.firstPaidAt || state.refundedAt) return false;
  return now.getTime() <= refundDeadline(state.firstPaidAt).getTime();
}

/** When a failed renewal's grace period ends and Pro stops until a payment succeeds. */
export function graceEndsAt(pastDueSince: Date): Date {
  return new Date(pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}
