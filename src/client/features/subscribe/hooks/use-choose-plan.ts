/**
 * Choosing a plan (spec §4 "Subscription flow", §8 texts): signed out → 'Authentication
 * Required'; server error → 'Error' with its text; lifetime → the 'Already have lifetime
 * access' notice; a started trial → success and /home; a client secret → the payment form.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useLocation } from "wouter";
import { getPlan, trialLabel, type PlanType } from "../../../../domain/pricing";
import { PRODUCT_NAME } from "../../../../domain/brand";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api-client";
import { getMeQueryOptions, sessionQueryKey } from "../../../lib/session/get-me";
import { toast } from "../../../lib/toast-store";
import { useCreateSubscription } from "../api/create-subscription";
import { subscriptionQueryKey, type SubscriptionSummary } from "../../../lib/subscription/get-subscription";
import { postResendVerification } from "../../../lib/subscription/resend-verification";
import { formatDay, subscribeTexts as t } from "../subscribe-texts";

export interface Checkout {
  plan: PlanType;
  clientSecret: string;
  intent: "payment" | "setup";
}

export function useChoosePlan() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { mutateAsync: createSubscription } = useCreateSubscription();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [lifetimeNotice, setLifetimeNotice] = useState(false);
  const [pendingPlan, setPendingPlan] = useState<PlanType | null>(null);

  const authRequired = useCallback(() => {
    toast({
      variant: "destructive",
      title: t.authRequiredTitle,
      description: t.authRequiredBody,
      action: { label: "Log In", onClick: () => navigate(paths.login) },
    });
  }, [navigate]);

  const resendLink = useCallback(async () => {
    try {
      await postResendVerification();
      toast({ title: t.linkSentTitle, description: t.linkSentBody });
    } catch {
      toast({ variant: "destructive", title: t.errorTitle, description: t.unexpected });
    }
  }, []);

  const choose = useCallback(
    async (plan: PlanType, before: SubscriptionSummary | null = null) => {
      setPendingPlan(plan);
      try {
        // The server's answer on who is signed in, fetched now if not known yet.
        const user = await queryClient.ensureQueryData(getMeQueryOptions());
        if (!user) return authRequired();
        const result = await createSubscription({ userId: user.id, planType: plan });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
          queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
        ]);
        if (result.status === "lifetime") {
          setLifetimeNotice(true);
          toast({ title: t.lifetimeAlready, description: `Your ${PRODUCT_NAME} Pro is yours for life. There is nothing to pay.` });
          return;
        }
        if (result.clientSecret && result.intent) {
          setLifetimeNotice(false);
          setCheckout({ plan, clientSecret: result.clientSecret, intent: result.intent });
          return;
        }
        if (result.status === "trial") {
          // The date is the server's, the one Settings shows; a trial already running is not a new one.
          const ends = result.trialEndsAt ? ` It ends on ${formatDay(result.trialEndsAt)}.` : "";
          toast(
            before?.state === "trial"
              ? { title: t.planChangedTitle, description: `You're on ${getPlan(plan).name}; your free trial continues.${ends}` }
              : {
                  title: t.trialStartedTitle,
                  description: `Your ${trialLabel(getPlan(plan)) ?? "free trial"} of ${PRODUCT_NAME} Pro has started.${ends}`,
                },
          );
          navigate(paths.home);
          return;
        }
        toast({ variant: "destructive", title: t.errorTitle, description: t.createFailed });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return authRequired();
        if (error instanceof ApiError && error.status === 403 && /confirm your e-mail/i.test(error.serverError ?? "")) {
          return toast({
            variant: "destructive",
            title: t.confirmFirstTitle,
            description: error.serverError ?? "",
            action: { label: t.resendLink, onClick: () => void resendLink() },
          });
        }
        const description = error instanceof ApiError ? (error.serverError ?? t.createFailed) : t.unexpected;
        toast({ variant: "destructive", title: t.errorTitle, description });
      } finally {
        setPendingPlan(null);
      }
    },
    [authRequired, createSubscription, navigate, queryClient, resendLink],
  );

  return { choose, pendingPlan, checkout, backToPlans: () => setCheckout(null), lifetimeNotice };
}
