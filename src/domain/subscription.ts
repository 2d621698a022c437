/**
 * Effective subscription status (spec §4, §6, Terms in §9): a trial past its end is free;
 * a failed renewal keeps access for 7 days (the suspension rule), then free. Checked on
 * every read, so access ends on time even without a timer.
 */
import type { SubscriptionStatus } from "./schemas/auth";

export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

export interface SubscriptionState {
  subscriptionStatus: string;
  trialEndsAt: Date | null;
  pastDueSince: Date | null;
}

export function effectiveStatus(state: SubscriptionState, now: Date = new Date()): SubscriptionStatus {
  const status = state.subscriptionStatus;
  if (status === "lifetime") return "lifetime";
  if (status === "trial") return state.trialEndsAt && state.trialEndsAt.getTime() > now.getTime() ? "trial" : "free";
  if (status === "active") {
    if (state.pastDueSince && now.getTime() - state.pastDueSince.getTime() > PAST_DUE_GRACE_DAYS * DAY_MS) return "free";
    return "active";
  }
  return "free";
}
