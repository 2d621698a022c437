import { Sparkles } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";

/** Spec §2: shown to users whose subscription is neither active nor trial. */
export function PromoBanner({ className }: { className?: string }) {
  return (
    <aside aria-label="Premium" className={cn("flex items-center gap-3 rounded-card border border-brand/40 bg-brand/10 p-4", className)}>
      <Sparkles className="size-5 shrink-0 text-accent" aria-hidden />
      <p className="flex-1 text-sm">
        <strong className="block">Premium Features Preview</strong>
        Organize, insights and one-tap cleanups come with CleanSpace Pro.
      </p>
      <Link href={paths.subscribe} className="rounded-control bg-brand px-3 py-2 text-sm font-medium text-white">
        Upgrade Now
      </Link>
    </aside>
  );
}
