/**
 * /subscribe (spec §2 "Upgrade/subscription", §4 subscription flow, §9 pricing): three plan
 * cards, the money-back and cancel-anytime notes, legal links; once a plan returns a client
 * secret, 'Complete Your Subscription' with the Stripe Payment Element (loaded lazily).
 */
import { ArrowLeft, ShieldCheck } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../domain/brand";
import { Card } from "../../components/ui/card";
import { paths } from "../../config/paths";
import { useSession } from "../../lib/session/use-session";
import { useStripeConfig } from "./api/get-stripe-config";
import { useSubscription } from "../../lib/subscription/get-subscription";
import { CurrentPlan } from "./components/current-plan";
import { PlanCards } from "./components/plan-cards";
import { useChoosePlan } from "./hooks/use-choose-plan";
import { subscribeTexts as t } from "./subscribe-texts";

const CheckoutScreen = lazy(() => import("./components/checkout-screen").then((m) => ({ default: m.CheckoutScreen })));

const linkClass = "font-medium text-accent underline underline-offset-4 hover:no-underline";

export function SubscribePage() {
  const session = useSession();
  const subscription = useSubscription(session.isSignedIn);
  const config = useStripeConfig();
  const { choose, pendingPlan, checkout, backToPlans, lifetimeNotice } = useChoosePlan();

  return (
    <main className="mx-auto grid max-w-5xl gap-6 px-4 py-8 pb-28">
      <Link
        href={session.isSignedIn ? paths.home : paths.root}
        className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back
      </Link>
      <header className="text-center">
        <h1 className="text-3xl font-bold">Upgrade to {PRODUCT_NAME} Pro</h1>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          Unlock the organising tools, batch operations and insights. Everything still runs on your device.
        </p>
      </header>

      {checkout ? (
        <Suspense
          fallback={
            <p role="status" className="text-center text-muted-foreground">
              Loading the secure payment form…
            </p>
          }
        >
          <CheckoutScreen {...checkout} onBack={backToPlans} />
        </Suspense>
      ) : (
        <>
          {session.status === "signed-out" ? (
            <Card className="text-center text-sm">
              <Link href={paths.login} className={linkClass}>
                Log in
              </Link>{" "}
              or{" "}
              <Link href={paths.register} className={linkClass}>
                create an account
              </Link>{" "}
              to subscribe.
            </Card>
          ) : null}
          {subscription.data ? <CurrentPlan summary={subscription.data} /> : null}
          {lifetimeNotice ? (
            <p role="status" className="rounded-panel border border-border bg-muted p-4 text-center font-medium">
              {t.lifetimeAlready}
            </p>
          ) : null}
          <PlanCards
            onChoose={(plan) => void choose(plan, subscription.data ?? null)}
            pendingPlan={pendingPlan}
            lifetimeAvailable={config.data?.paymentsEnabled !== false}
            current={
              subscription.data
                ? {
                    plan: subscription.data.status === "trial" || subscription.data.status === "active" ? subscription.data.plan : null,
                    inTrial: subscription.data.state === "trial",
                    trialAvailable: subscription.data.trialAvailable,
                  }
                : undefined
            }
          />
        </>
      )}

      <footer className="grid justify-items-center gap-2 text-center text-sm text-muted-foreground">
        <p className="flex items-center gap-2 font-medium text-foreground">
          <ShieldCheck className="size-4 text-success" aria-hidden />
          {t.moneyBack}
        </p>
        <p>{t.cancelAnytime}. No hidden fees.</p>
        <p>
          <Link href={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>
          {" · "}
          <Link href={paths.terms} className={linkClass}>
            Terms of Service
          </Link>
        </p>
      </footer>
    </main>
  );
}
