import { ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { paths } from "../../../config/paths";

/** The hero both landing pages open with; its heading is the page's only h1. */
export function Hero({ secondary }: { secondary: { href: string; label: string } }) {
  return (
    <section aria-labelledby="hero-title" className="mx-auto max-w-5xl px-4 pb-8 pt-12 text-center sm:pt-20">
      <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
        <ShieldCheck className="size-4 text-success" aria-hidden />
        Your files never leave your device
      </p>
      <h1 id="hero-title" className="mx-auto mt-5 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
        Declutter your digital life
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
        CleanSpace finds duplicate photos, oversized files, forgotten apps and inbox clutter, then helps you clear them out — and keep them
        out — with a health score and a daily streak.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          href={paths.register}
          className="inline-flex h-12 items-center justify-center rounded-control bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
        >
          Create Account
        </Link>
        <a
          href={secondary.href}
          className="inline-flex h-12 items-center justify-center rounded-control border border-border bg-card px-6 font-semibold hover:bg-muted"
        >
          {secondary.label}
        </a>
      </div>
    </section>
  );
}
