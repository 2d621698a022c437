/**
 * Client half of Pro gating (spec §6). `requirePremium('quickActions' | 'fileScan')` is the
 * check a Pro-only control runs on use: true for active, lifetime and trial users; for
 * free users it shows the spec's destructive 'Premium Feature' toast (with an Upgrade
 * action) and returns false. While the session is still loading it returns false without
 * a toast, so a Pro user is never told to upgrade. The server enforces the same rule
 * (src/server/auth/premium.ts); this only keeps free users from hitting a 403.
 */
import { useCallback } from "react";
import { useLocation } from "wouter";
import { messages } from "../../../domain/messages";
import { hasPremiumAccess } from "../../../domain/schemas/auth";
import { paths } from "../../config/paths";
import { useSession } from "../session/use-session";
import { toast } from "../toast-store";

export type PremiumFeature = "quickActions" | "fileScan";

const DESCRIPTIONS: Record<PremiumFeature, string> = {
  quickActions: messages.premiumQuickActions,
  fileScan: messages.premiumFileScan,
};

export interface PremiumGate {
  isPremium: boolean;
  /** The session is not known yet. */
  isLoading: boolean;
  requirePremium(kind: PremiumFeature): boolean;
}

export function usePremiumGate(): PremiumGate {
  const session = useSession();
  const [, navigate] = useLocation();
  const isPremium = hasPremiumAccess(session.user?.subscriptionStatus);
  const isLoading = session.isLoading;
  const requirePremium = useCallback(
    (kind: PremiumFeature) => {
      if (isPremium) return true;
      if (isLoading) return false;
      toast({
        variant: "destructive",
        title: messages.premiumFeatureTitle,
        description: DESCRIPTIONS[kind],
        action: { label: "Upgrade", onClick: () => navigate(paths.subscribe) },
      });
      return false;
    },
    [isPremium, isLoading, navigate],
  );
  return { isPremium, isLoading, requirePremium };
}
