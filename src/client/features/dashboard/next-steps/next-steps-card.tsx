/**
 * The dashboard's lead (issue 38): what to do now, in one step each. After a scan, the
 * biggest cleanups as cards — "12 copies of photos · Free up 9.7 MB" — with one primary button
 * that opens Organize with those items selected; before a scan, one big scan button. Free
 * users are told the action is Pro rather than sent to a locked screen.
 */
import { ArrowRight, FolderSearch, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { organizeTargetQuery } from "../../../../domain/filters";
import { formatBytes } from "../../../../domain/format";
import { nextSteps, nextStepTitle, type NextStep } from "../../../../domain/next-steps";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";

interface Props {
  summary: ScanSummary | null;
  isPremium: boolean;
  /** Opens the scan panel. */
  onScan(): void;
}

export function NextStepsCard({ summary, isPremium, onScan }: Props) {
  if (!summary) {
    return (
      <section aria-labelledby="next-title" className="grid gap-3 rounded-card border border-border bg-card p-5 shadow-sm">
        <h2 id="next-title" className="text-lg font-semibold">
          Start with a scan
        </h2>
        <p className="text-sm text-muted-foreground">
          Pick a folder: CleanSpace finds copies, large and old files on this device, and shows what you can free.
        </p>
        <Button size="lg" className="w-full sm:w-auto sm:justify-self-start" onClick={onScan}>
          <FolderSearch className="size-5" aria-hidden /> Scan a folder
        </Button>
      </section>
    );
  }
  const steps = nextSteps(summary);
  return (
    <section aria-labelledby="next-title" className="grid gap-3">
      <h2 id="next-title" className="text-lg font-semibold">
        {steps.length > 0 ? "Your next step" : "All clear"}
      </h2>
      {steps.length === 0 ? (
        <p className="rounded-card border border-border bg-card p-5 text-sm text-muted-foreground shadow-sm">
          Your last scan found no copies, large or old files. Scan another folder any time.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Biggest cleanups">
          {steps.map((step, i) => (
            <li key={step.kind}>
              <StepCard step={step} primary={i === 0} isPremium={isPremium} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function StepCard({ step, primary, isPremium }: { step: NextStep; primary: boolean; isPremium: boolean }) {
  const title = nextStepTitle(step);
  const action = step.frees ? `Free up ${formatBytes(step.bytes)}` : "Review";
  const href = isPremium ? paths.organize(step.target.tab, organizeTargetQuery(step.target)) : paths.subscribe;
  return (
    <article
      aria-label={title}
      className="flex h-full flex-col gap-3 rounded-card border border-border bg-card p-4 shadow-sm"
      data-testid="next-step"
    >
      <div className="grid gap-0.5">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">
          {step.frees ? `${formatBytes(step.bytes)} taken by copies` : `${formatBytes(step.bytes)} to look through`}
        </p>
      </div>
      <Button asChild variant={primary ? "primary" : "secondary"} className="mt-auto w-full">
        <Link href={href}>
          {isPremium ? (
            <>
              {action} <ArrowRight className="size-4" aria-hidden />
            </>
          ) : (
            <>
              <Sparkles className="size-4" aria-hidden /> {action} with Pro
            </>
          )}
        </Link>
      </Button>
    </article>
  );
}
