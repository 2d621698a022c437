import { Lightbulb } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { useIsOffline } from "../../../lib/use-is-offline";
import { useRandomTip } from "../api/dashboard-queries";

/** Spec §2 "Tip card": a random tip, cached for 5 minutes. */
export function TipCard() {
  const tip = useRandomTip();
  const offline = useIsOffline();
  if (tip.isError && !offline) return null;
  return (
    <Card role="region" aria-labelledby="tip-title" aria-busy={tip.isLoading && !offline}>
      <h2 id="tip-title" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Lightbulb className="size-4 text-warning" aria-hidden /> Tip of the day
      </h2>
      {tip.data ? (
        <>
          <p className="mt-2 font-semibold">{tip.data.title}</p>
          <p className="mt-1 text-sm text-muted-foreground">{tip.data.content}</p>
        </>
      ) : offline ? (
        <p className="mt-2 text-sm text-muted-foreground">You&apos;re offline. A tip comes with the next connection.</p>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">Loading a tip…</p>
      )}
    </Card>
  );
}
