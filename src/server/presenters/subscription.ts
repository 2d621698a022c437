/**
 * GET /api/subscription: what Settings → Subscription shows and which actions it offers.
 * The same rules (domain/billing.ts) decide here what is offered and in the routes what is
 * allowed, so the screen never offers an action the server refuses.
 */
import { canCancelBeforeRenewal, graceEndsAt, isRefundable, refundDeadline } from "../../domain/billing";
import { PlanTypeSchema } from "../../domain/schemas/plan-type";
import type { BillingState, SubscriptionSummary } from "../../domain/schemas/subscription";
import { effectiveStatus } from "../../domain/subscription";
import type { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function billingStateOf(row: UserRow, now = new Date()): BillingState {
  const status = effectiveStatus(row, now);
  if (status === "lifetime") return "lifetime";
  // A failed renewal: in grace (still Pro) or suspended (grace over) until a payment succeeds.
  if (row.subscriptionStatus === "active" && row.pastDueSince) return "past_due";
  if (status === "free") return "none";
  if (row.cancelAtPeriodEnd) return "canceling";
  return status;
}

/** A card-free trial (decision 004: no Stripe keys) has no provider subscription behind it. */
export const isCardFreeTrial = (row: UserRow) => row.subscriptionStatus === "trial" && !row.stripeSubscriptionId;

export function presentSubscription(
  row: UserRow,
  opts: { paymentsEnabled: boolean; trialAvailable: boolean },
  now = new Date(),
): SubscriptionSummary {
  const status = effectiveStatus(row, now);
  const state = billingStateOf(row, now);
  const stored = PlanTypeSchema.safeParse(row.subscriptionPlan);
  const plan = status === "lifetime" ? "lifetime" : state !== "none" && stored.success ? stored.data : null;
  const withCard =
    Boolean(row.stripeSubscriptionId) && (state === "trial" || state === "active" || state === "past_due" || state === "canceling");
  const renewsAt = state === "trial" ? row.trialEndsAt : withCard ? row.currentPeriodEnd : null;
  const live = state === "trial" || state === "active" || state === "past_due";
  const provider = opts.paymentsEnabled && Boolean(row.stripeCustomerId);
  return {
    status,
    state,
    plan,
    trialEndsAt: iso(row.trialEndsAt),
    graceEndsAt: state === "past_due" && row.pastDueSince ? iso(graceEndsAt(row.pastDueSince)) : null,
    renewsAt: iso(renewsAt),
    withCard,
    emailVerified: row.emailVerifiedAt !== null,
    trialAvailable: opts.trialAvailable,
    paymentsEnabled: opts.paymentsEnabled,
    actions: {
      // A trial may be ended any time; a paid period until 24 h before it renews (Terms).
      cancel: live && (state === "trial" || canCancelBeforeRenewal(row.currentPeriodEnd, now)),
      resume: state === "canceling",
      changePlan: withCard && provider && (state === "active" || state === "trial") && (plan === "monthly" || plan === "yearly"),
      updatePayment: provider && withCard,
      refund: provider && isRefundable(row, now),
    },
    refundDeadline: row.firstPaidAt ? iso(refundDeadline(row.firstPaidAt)) : null,
  };
}
