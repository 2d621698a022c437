/**
 * The subscription as Settings → Subscription and /subscribe read it (GET /api/subscription),
 * and the bodies of the billing actions. Shared by the routes and the client.
 */
import { z } from "zod";
import { PlanTypeSchema } from "./plan-type";
import { SubscriptionStatusSchema } from "./auth";

/** What the Settings screen says about the subscription. */
export const BillingStateSchema = z.enum(["none", "trial", "active", "past_due", "canceling", "lifetime"]);
export type BillingState = z.infer<typeof BillingStateSchema>;

export const SubscriptionSummarySchema = z.object({
  /** The access the server grants now (spec §4). */
  status: SubscriptionStatusSchema,
  state: BillingStateSchema,
  plan: PlanTypeSchema.nullable(),
  trialEndsAt: z.string().nullable(),
  /** When a failed renewal's grace period ends (past due only). */
  graceEndsAt: z.string().nullable(),
  /** Next renewal, or the day access ends when cancelled at period end. */
  renewsAt: z.string().nullable(),
  /** A trial or subscription billed by the card provider (false for a card-free trial). */
  withCard: z.boolean(),
  emailVerified: z.boolean(),
  /** Whether this person may still start a free trial. */
  trialAvailable: z.boolean(),
  paymentsEnabled: z.boolean(),
  actions: z.object({
    cancel: z.boolean(),
    resume: z.boolean(),
    changePlan: z.boolean(),
    updatePayment: z.boolean(),
    refund: z.boolean(),
  }),
  /** Last day a refund may be asked for, once something was paid. */
  refundDeadline: z.string().nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

export const ChangePlanSchema = z.strictObject({ planType: z.enum(["monthly", "yearly"]) });
export const VerifyEmailSchema = z.strictObject({ token: z.string().min(20).max(200) });

export const PortalSessionSchema = z.object({ url: z.string() });
