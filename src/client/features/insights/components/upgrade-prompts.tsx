/** Spec §2/§6: without an active subscription or trial, Insights shows only these three upgrade prompts. */
import { BarChart3, HeartPulse, Sparkles } from "lucide-react";
import { UpgradeTeaser } from "../../../lib/premium/upgrade-teaser";

const PROMPTS = [
  {
    title: "Advanced Analytics & Insights",
    description:
      "Your weekly health scores, storage freed, category progress, streaks and achievements — from your own scans and cleanups.",
    icon: <BarChart3 className="size-5" />,
  },
  {
    title: "Smart Suggestions",
    description: "Cleanup suggestions ranked by impact, with the storage and time each one saves, one tap from Organize.",
    icon: <Sparkles className="size-5" />,
  },
  {
    title: "Digital Wellness Tracking",
    description: "See clutter, storage stress, app overwhelm and inbox load at a glance, with tips for what to do next.",
    icon: <HeartPulse className="size-5" />,
  },
];

export function UpgradePrompts() {
  return (
    <section aria-labelledby="insights-upgrade-title" className="grid gap-3">
      <h2 id="insights-upgrade-title" className="text-lg font-semibold">
        Unlock Insights with CleanSpace Pro
      </h2>
      {PROMPTS.map((p) => (
        <UpgradeTeaser key={p.title} title={p.title} description={p.description} icon={p.icon} />
      ))}
    </section>
  );
}
