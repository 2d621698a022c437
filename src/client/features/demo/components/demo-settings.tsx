import { ArrowLeft, HelpCircle, Mail, UserRound } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../../config/paths";
import { DEMO_PREFERENCES, DEMO_USER } from "../demo-data";

/** Demo Settings: the sample account, inert preferences and support, and the way out. */
export function DemoSettings() {
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Settings</h2>
      <section aria-labelledby="demo-account" className="flex items-center gap-3 rounded-card border border-border bg-card p-4">
        <span className="grid size-12 place-items-center rounded-full bg-brand/15 text-accent">
          <UserRound className="size-6" aria-hidden />
        </span>
        <div>
          <h3 id="demo-account" className="font-semibold">
            {DEMO_USER.fullName}
          </h3>
          <p className="text-sm text-muted-foreground">{DEMO_USER.email}</p>
          <p className="text-xs text-muted-foreground">{DEMO_USER.plan}</p>
        </div>
      </section>

      <section aria-labelledby="demo-preferences" className="rounded-card border border-border bg-card p-4">
        <h3 id="demo-preferences" className="font-semibold">
          Preferences
        </h3>
        <ul className="mt-2 grid gap-1">
          {DEMO_PREFERENCES.map((label, i) => (
            <li key={label} className="flex items-center justify-between py-1.5 text-sm">
              <span id={`demo-pref-${i}`}>{label}</span>
              <button
                type="button"
                role="switch"
                aria-checked={i !== 1}
                aria-labelledby={`demo-pref-${i}`}
                disabled
                className={`relative h-6 w-11 rounded-full opacity-60 ${i !== 1 ? "bg-brand" : "bg-muted-foreground"}`}
              >
                <span className={`absolute top-0.5 size-5 rounded-full bg-white ${i !== 1 ? "right-0.5" : "left-0.5"}`} />
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="demo-support" className="rounded-card border border-border bg-card p-4">
        <h3 id="demo-support" className="font-semibold">
          Help &amp; Support
        </h3>
        <div className="mt-2 grid gap-2">
          <button
            type="button"
            disabled
            className="flex h-10 items-center gap-2 rounded-control border border-border px-3 text-sm opacity-60"
          >
            <Mail className="size-4" aria-hidden /> Contact Support
          </button>
          <button
            type="button"
            disabled
            className="flex h-10 items-center gap-2 rounded-control border border-border px-3 text-sm opacity-60"
          >
            <HelpCircle className="size-4" aria-hidden /> Help Center
          </button>
        </div>
      </section>

      <Link
        href={paths.showcase}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-control bg-brand font-semibold text-white hover:bg-brand-strong"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Showcase
      </Link>
    </div>
  );
}
