/** The three plans of spec §2 /subscribe, with spec §9 prices and trials (src/domain/pricing). */
import { Check } from "lucide-react";
import { formatUsd, periodLabel, PLANS, trialLabel, type Plan, type PlanType } from "../../../../domain/pricing";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

interface PlanCardsProps {
  onChoose(plan: PlanType): void;
  /** The plan whose request is in flight; every button waits meanwhile. */
  pendingPlan: PlanType | null;
  /** Lifetime needs card payments; without them the server cannot sell it. */
  lifetimeAvailable: boolean;
  /** The signed-in user's plan, once known: a user in a trial (or past it) is offered no new trial. */
  current?: { plan: PlanType | null; inTrial: boolean; trialAvailable: boolean } | undefined;
}

export function PlanCards({ onChoose, pendingPlan, lifetimeAvailable, current }: PlanCardsProps) {
  const offersTrial = !current || (current.trialAvailable && !current.inTrial);
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
      {PLANS.map((plan) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            offersTrial={offersTrial}
            isCurrent={current?.plan === plan.id}
            busy={pendingPlan === plan.id}
            disabled={pendingPlan !== null || (plan.id === "lifetime" && !lifetimeAvailable) || current?.plan === plan.id}
            unavailable={plan.id === "lifetime" && !lifetimeAvailable}
            onChoose={() => onChoose(plan.id)}
          />
        </li>
      ))}
    </ul>
  );
}

function ctaLabel(plan: Plan, offersTrial: boolean, isCurrent: boolean): string {
  if (isCurrent) return "Your Current Plan";
  if (plan.id === "lifetime") return "Get Lifetime Access";
  if (plan.trialDays > 0 && offersTrial) return `Start ${plan.trialDays}-Day Free Trial`;
  return `Switch to ${plan.name}`;
}

function PlanCard({
  plan,
  offersTrial,
  isCurrent,
  busy,
  disabled,
  unavailable,
  onChoose,
}: {
  plan: Plan;
  offersTrial: boolean;
  isCurrent: boolean;
  busy: boolean;
  disabled: boolean;
  unavailable: boolean;
  onChoose(): void;
}) {
  const noteId = `plan-${plan.id}-note`;
  const label = busy ? "Processing..." : ctaLabel(plan, offersTrial, isCurrent);
  return (
    <article
      aria-labelledby={`plan-${plan.id}-name`}
      className={cn(
        "relative flex h-full flex-col rounded-card border bg-card p-5 shadow-sm",
        plan.mostPopular ? "border-brand ring-2 ring-brand" : "border-border",
      )}
    >
      {plan.mostPopular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </p>
      ) : null}
      <h2 id={`plan-${plan.id}-name`} className="text-lg font-semibold">
        {plan.name}
      </h2>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="text-3xl font-bold">{formatUsd(plan.priceCents)}</span>
        <span className="text-sm text-muted-foreground">{periodLabel(plan.period)}</span>
      </p>
      <p id={noteId} className="mt-1 min-h-5 text-sm font-medium text-accent">
        {[offersTrial ? trialLabel(plan) : undefined, plan.savingsLabel].filter(Boolean).join(" · ") || "Pay once, yours forever"}
      </p>
      <ul className="mt-4 grid flex-1 gap-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        variant={plan.mostPopular ? "primary" : "secondary"}
        className="mt-5 w-full"
        disabled={disabled}
        aria-describedby={noteId}
        // The visible label plus which plan, so three similar buttons are told apart.
        aria-label={`${label} with ${plan.name}`}
        onClick={onChoose}
      >
        {label}
      </Button>
      {unavailable ? (
        <p className="mt-2 text-center text-xs text-muted-foreground">Card payments are not set up on this server yet.</p>
      ) : null}
    </article>
  );
}
