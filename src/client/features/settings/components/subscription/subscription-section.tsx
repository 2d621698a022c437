/**
 * Settings → Subscription: plan, state (trial, active, past due, canceled at
 * period end, lifetime), the next renewal or trial end, and the actions that fit. Past due
 * shows a banner with "Update payment method". Reads GET /api/subscription; the server
 * decides which actions are allowed and this screen offers exactly those.
 */
import { AlertTriangle, Crown } from "lucide-react";
import { Link } from "wouter";
import { getPlan } from "../../../../../domain/pricing";
import type { SubscriptionSummary } from "../../../../../domain/schemas/subscription";
import { Button } from "../../../../components/ui/button";
import { Card, CardTitle } from "../../../../components/ui/card";
import { paths } from "../../../../config/paths";
import { useSession } from "../../../../lib/session/use-session";
import { useSubscription } from "../../../../lib/subscription/get-subscription";
import { useIsOffline } from "../../../../lib/use-is-offline";
import { toast } from "../../../../lib/toast-store";
import { useOpenPaymentPortal } from "../../api/subscription/open-payment-portal";
import { useResendVerification } from "../../../../lib/subscription/resend-verification";
import { SubscriptionActions } from "./subscription-actions";
import { formatDay, stateLabels, subscriptionTexts as texts } from "./subscription-texts";

function DateLine({ summary }: { summary: SubscriptionSummary }) {
  const day = (iso: string) => <time dateTime={iso}>{formatDay(iso)}</time>;
  if (summary.state === "trial" && summary.trialEndsAt)
    return (
      <>
        Free trial ends on {day(summary.trialEndsAt)}
        {summary.withCard ? ", then your plan renews" : ""}
      </>
    );
  if (summary.state === "canceling" && summary.renewsAt) return <>Ends on {day(summary.renewsAt)} · no further charges</>;
  if ((summary.state === "active" || summary.state === "past_due") && summary.renewsAt) return <>Next renewal on {day(summary.renewsAt)}</>;
  if (summary.state === "lifetime") return <>Paid once, yours forever</>;
  return null;
}

function PastDueBanner({ summary }: { summary: SubscriptionSummary }) {
  const portal = useOpenPaymentPortal();
  const suspended = summary.status === "free";
  return (
    <div role="alert" className="grid gap-2 rounded-panel border border-warning/60 bg-warning/10 p-3 text-sm">
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {suspended || !summary.graceEndsAt ? texts.pastDueSuspended : texts.pastDueGrace(formatDay(summary.graceEndsAt))}
      </p>
      {summary.actions.updatePayment ? (
        <Button className="justify-self-start" disabled={portal.isPending} onClick={() => portal.mutate()}>
          {portal.isPending ? "Opening..." : texts.updatePayment}
        </Button>
      ) : null}
    </div>
  );
}

function VerifyNotice() {
  const resend = useResendVerification();
  return (
    <div className="grid gap-2 text-sm">
      <p>{texts.verifyNeeded}</p>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () => toast({ title: "Link sent", description: texts.resent }),
            onError: () => toast({ title: "Error", description: texts.failed, variant: "destructive" }),
          })
        }
      >
        {resend.isPending ? "Sending..." : resend.isSuccess ? "Link sent" : texts.resend}
      </Button>
    </div>
  );
}

export function SubscriptionSection() {
  const query = useSubscription(true);
  const summary = query.data;
  const offline = useIsOffline();
  return (
    <Card role="region" aria-labelledby="subscription-title" className="grid gap-4">
      <CardTitle id="subscription-title">{texts.title}</CardTitle>
      {!summary && offline ? (
        <OfflineNote />
      ) : query.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {texts.loading}
        </p>
      ) : query.isError || !summary ? (
        <div className="grid gap-2 text-sm">
          <p role="alert">{texts.loadError}</p>
          <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
            {texts.retry}
          </Button>
        </div>
      ) : (
        <>
          {summary.state === "past_due" ? <PastDueBanner summary={summary} /> : null}
          <div className="flex items-start gap-3">
            <Crown className="mt-1 size-5 shrink-0 text-warning" aria-hidden />
            <dl className="grid gap-1 text-sm">
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">Plan</dt>
                <dd className="font-medium">{summary.plan ? getPlan(summary.plan).name : "Free"}</dd>
              </div>
              <div className="flex flex-wrap gap-x-2">
                <dt className="text-muted-foreground">Status</dt>
                <dd className="font-medium" data-testid="subscription-state">
                  {stateLabels[summary.state]}
                </dd>
              </div>
              <DateLineRow summary={summary} />
            </dl>
          </div>
          {summary.state === "none" ? (
            <div className="grid gap-2 text-sm">
              <p>{texts.noPlan}</p>
              {!summary.paymentsEnabled && !summary.emailVerified && summary.trialAvailable ? <VerifyNotice /> : null}
              {!summary.trialAvailable ? <p className="text-muted-foreground">{texts.trialUsed}</p> : null}
              <Button asChild variant="primary" className="justify-self-start">
                <Link href={paths.subscribe}>{texts.seePlans}</Link>
              </Button>
            </div>
          ) : null}
          <SubscriptionActions summary={summary} />
        </>
      )}
    </Card>
  );
}

/** Offline: what the cached account last said, and that the rest waits for a connection. */
function OfflineNote() {
  const user = useSession().user;
  const status = user?.subscriptionStatus;
  const known =
    status === "trial" && user?.trialEndsAt ? (
      <>
        Last known: Free trial, ends on <time dateTime={user.trialEndsAt}>{formatDay(user.trialEndsAt)}</time>.
      </>
    ) : status === "active" ? (
      "Last known: Pro, active."
    ) : status === "lifetime" ? (
      "Last known: Lifetime Pro."
    ) : status === "free" ? (
      "Last known: no plan."
    ) : null;
  return (
    <p className="grid gap-1 text-sm" role="status">
      <span className="font-medium">You&apos;re offline.</span>
      {known ? <span>{known}</span> : null}
      <span className="text-muted-foreground">Plan details and actions come back with the connection.</span>
    </p>
  );
}

function DateLineRow({ summary }: { summary: SubscriptionSummary }) {
  const line = DateLine({ summary });
  if (!line) return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="sr-only">Dates</dt>
      <dd>{line}</dd>
    </div>
  );
}
