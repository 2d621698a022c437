import { ScanLine, Zap } from "lucide-react";
import { Logo } from "../../../components/ui/logo";
import { cn } from "../../../lib/cn";

/** Spec §2: title, 'Good morning' greeting with the user's name, and the two panel toggles. */
export function DashboardHeader(props: {
  className?: string;
  name: string;
  actionsOn: boolean;
  scanOn: boolean;
  onActions(): void;
  onScan(): void;
}) {
  const toggle = (on: boolean) =>
    cn("rounded-panel border p-2.5", on ? "border-brand bg-brand text-white" : "border-border bg-card hover:bg-muted");
  return (
    <header className={cn("flex items-center justify-between gap-3", props.className)}>
      <div>
        {/* The product title; on a desktop the side navigation carries it. */}
        <Logo className="text-sm text-accent lg:hidden" markClassName="size-5" />
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
