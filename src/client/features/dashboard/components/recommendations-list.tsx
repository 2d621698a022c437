import { organizeTargetQuery } from "../../../../domain/filters";
import { Check, Loader2, X } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import type { Recommendation } from "../../../../domain/recommendations";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { paths } from "../../../config/paths";
import { vibrate } from "../../../lib/device/haptics";
import { toast } from "../../../lib/toast-store";
import { formatCount } from "../../../../domain/format";

const ACCEPT_PATTERN = [100, 50, 100];
const DISMISSED_KEY = "dismissedRecommendations";

/** What a performed Accept reports: done, or why not (shown as the spec's error otherwise). */
export type AcceptOutcome = { applied: true; undo?: () => void } | { applied: false; title: string; description: string };

function readDismissed(): string[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Spec §2/§4 recommendations: accept → processing → applied; dismiss hides it for the
 * session. Accept does the real thing: a recommendation that needs the user's
 * choices opens Organize with them preselected; "Turn on Auto Clean" turns the setting on and
 * cleans now (`onPerform`). 'Recommendation Applied' follows only a real result.
 */
export function RecommendationsList({
  items,
  onPerform,
}: {
  items: Recommendation[];
  onPerform(r: Recommendation): Promise<AcceptOutcome>;
}) {
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const [processing, setProcessing] = useState<string | null>(null);
  const [applied, setApplied] = useState<string[]>([]);
  const [, navigate] = useLocation();
  const visible = items.filter((r) => !dismissed.includes(r.id));

  const accept = async (r: Recommendation) => {
    setProcessing(r.id);
    vibrate(ACCEPT_PATTERN);
    try {
      if (r.action.kind === "organize") {
        // Opens the real action: the user picks what goes, on the screen that moves files.
        navigate(paths.organize(r.action.tab, organizeTargetQuery(r.action)));
        return;
      }
      const outcome = await onPerform(r);
      if (!outcome.applied) {
        toast({ title: outcome.title, description: outcome.description, variant: "destructive" });
        return;
      }
      setApplied((a) => [...a, r.id]);
      toast({
        title: "Recommendation Applied",
        description: `${r.title} has been processed successfully.`,
        ...(outcome.undo ? { action: { label: "Undo", onClick: outcome.undo } } : {}),
      });
    } catch (error) {
      console.warn("Recommendation failed", error);
      toast({ title: "Error", description: "Failed to process recommendation. Please try again.", variant: "destructive" });
    } finally {
      setProcessing(null);
    }
  };

  const dismiss = (r: Recommendation) => {
    const next = [...dismissed, r.id];
    setDismissed(next);
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    } catch {
      // Session storage unavailable: dismissed for this view only.
    }
    vibrate(50);
    toast({ title: "Recommendation Dismissed", description: "This recommendation won't be shown again." });
  };

  return (
    <section aria-labelledby="recs-title" className="grid gap-3">
      <h2 id="recs-title" className="text-lg font-semibold">
        Recommendations
      </h2>
      {visible.length === 0 ? (
        <Card className="text-center">
          <p className="font-semibold">No New Recommendations</p>
          <p className="mt-1 text-sm text-muted-foreground">You&apos;re on top of things. New ideas appear after your next scan.</p>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {visible.map((r) => (
            <li key={r.id}>
              <Card className="grid gap-2">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold">{r.title}</h3>
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs capitalize">{r.priority}</span>
                </div>
                <p className="text-sm text-muted-foreground">{r.description}</p>
                <p className="text-xs text-muted-foreground">
                  {Math.round(r.confidence * 100)}% confidence · {r.impact.timeToComplete}
                  {r.impact.itemsAffected > 0 ? ` · ${formatCount(r.impact.itemsAffected)} items` : ""}
                  {r.impact.storageFreed !== "—" ? ` · ${r.impact.storageFreed}` : ""}
                  {r.impact.healthGain > 0 ? ` · +${r.impact.healthGain} health` : ""}
                </p>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => void accept(r)} disabled={processing !== null || applied.includes(r.id)}>
                    {processing === r.id ? (
                      <Loader2 className="size-4 animate-spin" aria-hidden />
                    ) : (
                      <Check className="size-4" aria-hidden />
                    )}
                    {processing === r.id ? "Processing..." : applied.includes(r.id) ? "Applied" : r.actionLabel}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => dismiss(r)}
                    disabled={processing === r.id}
                    aria-label={`Dismiss ${r.title}`}
                  >
                    <X className="size-4" aria-hidden /> Dismiss
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
