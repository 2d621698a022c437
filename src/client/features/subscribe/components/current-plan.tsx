/** "Your plan": what a subscribed user has now, and when a trial or grace period ends. */
import { Crown } from "lucide-react";
import { getPlan } from "../../../../domain/pricing";
import { Card } from "../../../components/ui/card";
import type { SubscriptionSummary } from "../../../lib/subscription/get-subscription";
import { formatDay } from "../subscribe-texts";

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDay(iso)}</time>;
}

export function CurrentPlan({ summary }: { summary: SubscriptionSummary }) {
  if (summary.status === "free") return null;
  const planName = summary.plan ? getPlan(summary.plan).name : "CleanSpace Pro";
  return (
    <Card aria-labelledby="current-plan-title" role="region" className="flex items-start gap-4">
      <Crown className="mt-1 size-6 shrink-0 text-warning" aria-hidden />
      <div className="grid gap-1">
        <h2 id="current-plan-title" className="text-lg font-semibold">
          Your plan: {planName}
        </h2>
        <p className="text-sm font-medium text-success">Pro unlocked</p>
        {summary.status === "trial" && summary.trialEndsAt ? (
          <p className="text-sm text-muted-foreground">
            Free trial · ends on <When iso={summary.trialEndsAt} />
          </p>
        ) : null}
        {summary.status === "active" && !summary.graceEndsAt ? <p className="text-sm text-muted-foreground">Active subscription</p> : null}
        {summary.status === "active" && summary.graceEndsAt ? (
          <p className="text-sm text-muted-foreground">
            Your last payment failed. Pro stays unlocked until <When iso={summary.graceEndsAt} /> while we retry your card.
          </p>
        ) : null}
        {summary.status === "lifetime" ? <p className="text-sm text-muted-foreground">Paid once, yours forever.</p> : null}
      </div>
    </Card>
  );
}
