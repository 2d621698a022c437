import { ScanLine, Zap } from "lucide-react";
import { cn } from "../../../lib/cn";

/** Spec §2: title, 'Good morning' greeting with the user's name, and the two panel toggles. */
export function DashboardHeader(props: { name: string; actionsOn: boolean; scanOn: boolean; onActions(): void; onScan(): void }) {
  const toggle = (on: boolean) =>
    cn("rounded-xl border p-2.5", on ? "border-brand bg-brand text-white" : "border-border bg-card hover:bg-muted");
  return (
    <header className="flex items-center justify-between gap-3">
      <div>
        <p className="text-sm font-medium text-accent">CleanSpace</p>
        <h1 className="text-2xl font-bold">Good morning, {props.name}</h1>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          aria-pressed={props.actionsOn}
          aria-label="Quick actions"
          className={toggle(props.actionsOn)}
          onClick={props.onActions}
        >
          <Zap className="size-5" aria-hidden />
        </button>
        <button
          type="button"
          aria-pressed={props.scanOn}
          aria-label="Real data scan"
          className={toggle(props.scanOn)}
          onClick={props.onScan}
        >
          <ScanLine className="size-5" aria-hidden />
        </button>
      </div>
    </header>
  );
}
