import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { POLICY_DATE } from "../../../../domain/brand";
import { paths } from "../../../config/paths";
import { useScrollToTop } from "../use-scroll-to-top";

/** The frame both legal pages share: back link, title, date, body, optional closing slot. */
export function LegalDocument({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useScrollToTop();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card/80">
        <div className="mx-auto max-w-3xl px-4 py-3">
          <Link
            href={paths.root}
            className="inline-flex items-center gap-2 rounded-control py-2 text-sm font-medium underline underline-offset-4"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to Website
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <article>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">Last updated: {POLICY_DATE}</p>
          <div className="mt-6 text-base leading-relaxed text-foreground">{intro}</div>
          <div className="mt-8 grid gap-10">{children}</div>
        </article>
        {footer ? <div className="mt-12 border-t border-border pt-8">{footer}</div> : null}
      </main>
    </div>
  );
}

/** One h2 section of a legal document; lists, links and sub-headings get readable defaults. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 leading-relaxed [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:pl-1 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-6"
    >
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
