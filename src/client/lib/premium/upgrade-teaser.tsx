/**
 * A locked Pro feature (spec §2 Organize teasers, Insights upgrade prompts): its title and
 * description, an 'Upgrade to Pro' link to /subscribe and the 30-day money-back note.
 */
import { Lock } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "wouter";
import { MONEY_BACK_GUARANTEE_DAYS } from "../../../domain/pricing";
import { Card } from "../../components/ui/card";
import { paths } from "../../config/paths";
import { cn } from "../cn";

export interface UpgradeTeaserProps {
  title: string;
  description: string;
  /** An icon for the feature; a lock by default. */
  icon?: ReactNode;
  /** The title's heading level, to fit the page outline (default h3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function UpgradeTeaser({ title, description, icon, headingLevel = 3, className }: UpgradeTeaserProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className={cn("grid gap-3", className)} aria-labelledby={titleId} role="group">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-accent" aria-hidden>
          {icon ?? <Lock className="size-5" />}
        </span>
        <div className="grid gap-1">
          <Heading id={titleId} className="font-semibold">
            {title}
          </Heading>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <Link
        href={paths.subscribe}
        aria-describedby={titleId}
        className="inline-flex h-10 items-center justify-center rounded-lg bg-brand px-4 text-sm font-medium text-white hover:bg-brand-strong"
      >
        Upgrade to Pro
      </Link>
      <p className="text-center text-xs text-muted-foreground">{MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee</p>
    </Card>
  );
}
