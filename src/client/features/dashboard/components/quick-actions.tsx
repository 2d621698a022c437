import { ScanLine, Wand2 } from "lucide-react";
import { messages } from "../../../../domain/messages";
import { vibrate } from "../../../lib/device/haptics";
import { toast } from "../../../lib/toast-store";

const QUICK_ACTION_MS = 50;

export function premiumToast(kind: "quickActions" | "fileScan"): void {
  toast({
    title: messages.premiumFeatureTitle,
    description: kind === "quickActions" ? messages.premiumQuickActions : messages.premiumFileScan,
    variant: "destructive",
  });
}

/** Spec §2 Quick Actions grid: Quick Scan (Pro) and Auto Clean (no gate, spec §6). */
export function QuickActions({ isPremium, onQuickScan, onAutoClean }: { isPremium: boolean; onQuickScan(): void; onAutoClean(): void }) {
  return (
    <section aria-labelledby="quick-actions-title" className="grid gap-3">
      <h2 id="quick-actions-title" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          className="flex flex-col items-start gap-2 rounded-card border border-border bg-card p-4 text-left hover:border-brand/50"
          onClick={() => {
            vibrate(QUICK_ACTION_MS);
            if (!isPremium) return premiumToast("fileScan");
            onQuickScan();
          }}
        >
          <ScanLine className="size-6 text-accent" aria-hidden />
          <span className="font-semibold">Quick Scan</span>
          <span className="text-xs text-muted-foreground">Rescan your last folder</span>
        </button>
        <button
          type="button"
          className="flex flex-col items-start gap-2 rounded-card border border-border bg-card p-4 text-left hover:border-brand/50"
          onClick={() => {
            vibrate(QUICK_ACTION_MS);
            onAutoClean();
          }}
        >
          <Wand2 className="size-6 text-accent" aria-hidden />
          <span className="font-semibold">Auto Clean</span>
          <span className="text-xs text-muted-foreground">Safe cleanup of exact copies</span>
        </button>
      </div>
    </section>
  );
}
