import { Check } from "lucide-react";
import type { MouseEvent } from "react";
import { formatUsd, MONEY_BACK_GUARANTEE_DAYS, periodLabel, PLANS, trialLabel, type Plan } from "../../../../domain/pricing";
import { cn } from "../../../lib/cn";

export type PlanAction =
  /** A working link (the showcase sends people to the signup card). */
  | { kind: "link"; href: string; label: string }
  /** Shown at reduced opacity and inert until launch (spec §2 /landing). */
  | { kind: "inert"; label: string };

/**
 * Three-plan pricing with the early-signup price, the list price struck through and a
 * spoken label for each (a strike-through alone says nothing to a screen reader).
 */
export function PricingSection({ action, headingId = "pricing-title" }: { action: PlanAction; headingId?: string }) {
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl px-4 py-12">
      <h2 id={headingId} className="text-center text-2xl font-bold sm:text-3xl">
        Early-signup pricing
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-center text-muted-foreground">
        Join before launch and keep the early price. {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee on every plan.
      </p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} action={action} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlanCard({ plan, action }: { plan: Plan; action: PlanAction }) {
  const trial = trialLabel(plan);
  return (
    <article
      aria-label={plan.name}
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
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-bold">
          <span className="sr-only">Early-signup price </span>
          {formatUsd(plan.earlySignupPriceCents)}
        </span>
        <span className="text-sm text-muted-foreground">{periodLabel(plan.period)}</span>
        <s className="text-sm text-muted-foreground">
          <span className="sr-only">Regular price </span>
          {formatUsd(plan.priceCents)}
        </s>
      </p>
      <p className="mt-1 min-h-5 text-sm font-medium text-accent">
        {[trial, plan.savingsLabel].filter(Boolean).join(" · ") || "Pay once, yours forever"}
      </p>
      <ul className="mt-4 grid flex-1 gap-2 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {f}
          </li>
        ))}
      </ul>
      <PlanButton plan={plan} action={action} />
    </article>
  );
}

const BUTTON = "mt-5 inline-flex h-11 w-full items-center justify-center rounded-control text-sm font-semibold";

function PlanButton({ plan, action }: { plan: Plan; action: PlanAction }) {
  const style = plan.mostPopular ? "bg-brand text-white" : "border border-border bg-muted text-foreground";
  if (action.kind === "link") {
    return (
      <a href={action.href} className={cn(BUTTON, style, "hover:opacity-90")}>
        {action.label}
        <span className="sr-only"> for {plan.name}</span>
      </a>
    );
  }
  const ignore = (e: MouseEvent) => e.preventDefault();
  return (
    <button type="button" aria-disabled="true" onClick={ignore} className={cn(BUTTON, style, "cursor-not-allowed opacity-60")}>
      {action.label}
      <span className="sr-only"> for {plan.name} (available at launch)</span>
    </button>
  );
}
