/**
 * The actions that fit the subscription's state (the server says which: summary.actions),
 * each behind a confirmation that says exactly what will happen, then a toast with the result.
 */
import { getPlan, formatUsd } from "../../../../../domain/pricing";
import type { SubscriptionSummary } from "../../../../../domain/schemas/subscription";
import { Button } from "../../../../components/ui/button";
import { ApiError } from "../../../../lib/api-client";
import { toast } from "../../../../lib/toast-store";
import { useCancelSubscription } from "../../api/subscription/cancel-subscription";
import { useChangePlan } from "../../api/subscription/change-plan";
import { useOpenPaymentPortal } from "../../api/subscription/open-payment-portal";
import { useRequestRefund } from "../../api/subscription/request-refund";
import { useResumeSubscription } from "../../api/subscription/resume-subscription";
import { ConfirmAction } from "./confirm-action";
import { formatDay, subscriptionTexts as texts } from "./subscription-texts";

/** Runs a mutation; a failure becomes the server's own message for the dialog to show. */
async function run<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new Error(err instanceof ApiError && err.serverError ? err.serverError : texts.failed, { cause: err });
  }
}

export function SubscriptionActions({ summary }: { summary: SubscriptionSummary }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const changePlan = useChangePlan();
  const portal = useOpenPaymentPortal();
  const refund = useRequestRefund();
  const { actions } = summary;
  const endDay = summary.renewsAt ? formatDay(summary.renewsAt) : null;
  const cardFreeTrial = summary.state === "trial" && !summary.withCard;
  const otherPlan = summary.plan === "monthly" ? "yearly" : "monthly";
  const refundClosed = summary.refundDeadline !== null && !actions.refund && summary.state !== "none";

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {actions.resume ? (
          <ConfirmAction
            label={texts.resume}
            title="Resume your subscription?"
            description={<p>{endDay ? `It renews on ${endDay} as before, and your card is charged then.` : "It renews as before."}</p>}
            confirmLabel="Resume"
            busyLabel="Resuming..."
            variant="primary"
            onConfirm={async () => {
              await run(() => resume.mutateAsync());
              toast({ title: "Subscription resumed", description: endDay ? `It renews on ${endDay}.` : "It renews as before." });
            }}
          />
        ) : null}
        {actions.changePlan && summary.plan && summary.plan !== "lifetime" ? (
          <ConfirmAction
            label={`Switch to ${getPlan(otherPlan).name}`}
            title={`Switch to ${getPlan(otherPlan).name}?`}
            description={
              <p>
                {getPlan(otherPlan).name} costs {formatUsd(getPlan(otherPlan).priceCents)}
                {otherPlan === "yearly" ? " a year" : " a month"}. The change applies now; Stripe credits the unused part of your current
                period and charges the difference.
              </p>
            }
            confirmLabel="Switch plan"
            busyLabel="Switching..."
            onConfirm={async () => {
              await run(() => changePlan.mutateAsync(otherPlan));
              toast({ title: "Plan changed", description: `You're now on ${getPlan(otherPlan).name}.` });
            }}
          />
        ) : null}
        {/* Past due: the banner above carries this button. */}
        {actions.updatePayment && summary.state !== "past_due" ? (
          <Button variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending ? "Opening..." : texts.updatePayment}
          </Button>
        ) : null}
        {actions.cancel ? (
          <ConfirmAction
            label={texts.cancel}
            title={cardFreeTrial ? "End your free trial now?" : "Cancel your subscription?"}
            description={
              cardFreeTrial ? (
                <p>Your free trial ends now and the Pro features lock at once. A free trial can't be started again.</p>
              ) : (
                <p>
                  {summary.state === "trial" ? "Your trial" : "Your subscription"} stays active until {endDay ?? "the end of the period"},
                  then it ends and you won't be charged again. You can resume until then.
                </p>
              )
            }
            confirmLabel={cardFreeTrial ? "End trial" : "Cancel subscription"}
            busyLabel="Cancelling..."
            variant="destructive"
            onConfirm={async () => {
              const next = await run(() => cancel.mutateAsync());
              toast({
                title: cardFreeTrial ? "Free trial ended" : "Subscription canceled",
                description:
                  next.renewsAt && next.state === "canceling"
                    ? `Pro stays unlocked until ${formatDay(next.renewsAt)}.`
                    : "Pro features are now locked.",
              });
            }}
          />
        ) : null}
        {actions.refund ? (
          <ConfirmAction
            label={texts.refund}
            title="Ask for a refund?"
            description={
              <p>
                We refund your payments for CleanSpace Pro to your card now
                {summary.refundDeadline ? ` (you can until ${formatDay(summary.refundDeadline)})` : ""}. Your subscription ends at once and
                Pro features lock.
              </p>
            }
            confirmLabel="Refund and end Pro"
            busyLabel="Refunding..."
            variant="destructive"
            onConfirm={async () => {
              const result = await run(() => refund.mutateAsync());
              toast({
                title: "Refund issued",
                description: `${formatUsd(result.refundedCents)} goes back to your card within 5–10 days. Pro has ended.`,
              });
            }}
          />
        ) : null}
      </div>
      {portal.isError ? (
        <p role="alert" className="text-sm text-danger">
          {portal.error instanceof ApiError && portal.error.serverError ? portal.error.serverError : texts.failed}
        </p>
      ) : null}
      {cardFreeTrial && !summary.paymentsEnabled ? <p className="text-sm text-muted-foreground">{texts.updatePaymentUnavailable}</p> : null}
      {!actions.cancel && (summary.state === "active" || summary.state === "past_due") && summary.withCard ? (
        <p className="text-sm text-muted-foreground">{texts.cancelTooLate}</p>
      ) : null}
      {refundClosed && summary.refundDeadline ? (
        <p className="text-sm text-muted-foreground">{texts.refundRule(formatDay(summary.refundDeadline))}</p>
      ) : null}
    </div>
  );
}
