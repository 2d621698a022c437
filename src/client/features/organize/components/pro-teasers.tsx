import { Eye, Filter, Layers, Lock, Sparkles, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../../config/paths";

const TEASERS: { title: string; body: string; icon: LucideIcon }[] = [
  { title: "Batch Operations", body: "Select duplicates, large, old or unused items in one tap and clean them up together — with undo.", icon: Layers },
  { title: "Advanced Filters", body: "Filter by name, size, date, status and type, and save your own presets.", icon: Filter },
  { title: "Quick Preview", body: "Press and hold any photo, file or app to see it before you decide.", icon: Eye },
  { title: "Safe Cleanup", body: "Move clutter to the CleanSpace trash in your folder and put it back any time.", icon: Sparkles },
];

/** Spec §2/§6: non-subscribers see four locked feature teasers, each with its upgrade link. */
export function ProTeasers() {
  return (
    <section aria-labelledby="pro-teasers-title" className="grid gap-3">
      <h2 id="pro-teasers-title" className="text-lg font-semibold">
        Organize with CleanSpace Pro
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {TEASERS.map(({ title, body, icon: Icon }) => (
          <li key={title} className="grid gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="rounded-xl bg-brand/15 p-2">
                <Icon className="size-5 text-accent" aria-hidden />
              </span>
              <h3 className="flex-1 font-semibold">{title}</h3>
              <Lock className="size-4 text-muted-foreground" aria-label="Locked" />
            </div>
            <p className="text-sm text-muted-foreground">{body}</p>
            <Link
              href={paths.subscribe}
              aria-label={`Upgrade to Pro to unlock ${title}`}
              className="inline-flex h-10 items-center justify-center rounded-lg bg-brand px-4 text-sm font-medium text-white hover:bg-brand-strong"
            >
              Upgrade to Pro
            </Link>
            <p className="text-center text-xs text-muted-foreground">30-day money-back guarantee</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
