import { Apple, Play, Smartphone } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../../config/paths";

export interface StoreButton {
  label: string;
  badge: string;
  icon: "apple" | "android";
}

/**
 * Download block (spec §2): the web demo works today; the native apps are disabled and
 * badged until they ship.
 */
export function DownloadSection({ title, stores, headingId }: { title: string; stores: readonly StoreButton[]; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl px-4 py-12">
      <div className="rounded-3xl border border-border bg-card p-6 text-center sm:p-10">
        <Smartphone className="mx-auto size-10 text-accent" aria-hidden />
        <h2 id={headingId} className="mt-3 text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-muted-foreground">
          Try the interactive demo in your browser now. Native apps for iPhone and Android are on the way.
        </p>
        <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            href={paths.demo}
            className="inline-flex h-12 items-center justify-center rounded-control bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
          >
            View Demo
          </Link>
          {stores.map((s) => {
            const Icon = s.icon === "apple" ? Apple : Play;
            return (
              <button
                key={s.label}
                type="button"
                disabled
                className="inline-flex h-12 items-center justify-center gap-2 rounded-control border border-border px-5 font-medium opacity-60"
              >
                <Icon className="size-5" aria-hidden />
                {s.label}
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{s.badge}</span>
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
