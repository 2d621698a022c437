/**
 * Spec §2 Insights → Smart, §4 Suggestion: Apply takes the user to the matching Organize
 * quick-select (a vibration pattern on accept); Dismiss removes it for good (the server
 * remembers) with one short vibration. 'All Caught Up!' when none remain.
 */
import { organizeTargetQuery } from "../../../../domain/filters";
import { PartyPopper } from "lucide-react";
import { useLocation } from "wouter";
import type { Insights } from "../../../../domain/schemas/insights";
import { Card } from "../../../components/ui/card";
import { paths } from "../../../config/paths";
import { vibrate } from "../../../lib/device/haptics";
import { toast } from "../../../lib/toast-store";
import { useDismissSuggestion } from "../api/dismiss-suggestion";
import { EmptyNote } from "./empty-note";
import { SuggestionCard } from "./suggestion-card";

const ACCEPT_PATTERN = [100, 50, 100];
const DISMISS_MS = 50;

export function SmartTab({ data, userId }: { data: Insights; userId: number }) {
  const [, navigate] = useLocation();
  const dismiss = useDismissSuggestion(userId);

  if (data.suggestions.length === 0) {
    return (
      <Card className="grid justify-items-center gap-2 text-center">
        <PartyPopper className="size-8 text-accent" aria-hidden />
        <h2 className="text-lg font-semibold">All Caught Up!</h2>
        {data.hasScanned ? (
          <p className="text-sm text-muted-foreground">No suggestions right now. New ones appear after your next scan.</p>
        ) : (
          <EmptyNote>Suggestions come from your scans, and you have none yet.</EmptyNote>
        )}
      </Card>
    );
  }

  return (
    <section aria-labelledby="smart-title" className="grid gap-3">
      <h2 id="smart-title" className="text-lg font-semibold">
        Smart Suggestions
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {data.suggestions.map((s) => (
          <li key={s.id}>
            <SuggestionCard
              s={s}
              dismissing={dismiss.isPending && dismiss.variables === s.id}
              onApply={() => {
                vibrate(ACCEPT_PATTERN);
                navigate(paths.organize(s.action.tab, organizeTargetQuery(s.action)));
              }}
              onDismiss={() =>
                dismiss.mutate(s.id, {
                  onSuccess: () => {
                    vibrate(DISMISS_MS);
                    toast({ title: "Suggestion Dismissed", description: "This suggestion won't be shown again." });
                  },
                  onError: () =>
                    toast({ title: "Error", description: "Failed to dismiss the suggestion. Please try again.", variant: "destructive" }),
                })
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
