import { AppWindow, ChevronRight, Flame, FolderOpen, Image, Mail, TrendingUp, type LucideIcon } from "lucide-react";
import { DEMO_CATEGORIES, DEMO_HEALTH, DEMO_STREAK, DEMO_USER, type DemoCategory } from "../demo-data";
import { formatCount } from "../../../../domain/format";

export const CATEGORY_ICONS: Record<DemoCategory, LucideIcon> = { photos: Image, files: FolderOpen, emails: Mail, apps: AppWindow };

/** Demo Home: greeting, health score, categories (each opens Organize), streak. */
export function DemoHome({ onOpenCategory }: { onOpenCategory(category: DemoCategory): void }) {
  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Welcome back, {DEMO_USER.name}!</h2>
        <p className="text-sm text-muted-foreground">Here is how your digital space looks today.</p>
      </div>

      <section aria-labelledby="demo-health" className="rounded-card bg-score-good-end p-5 text-white">
        <h3 id="demo-health" className="text-sm font-medium">
          Digital Health Score
        </h3>
        <p className="mt-1 flex items-baseline gap-1">
          <span className="text-5xl font-bold">{DEMO_HEALTH.score}</span>
          <span className="text-lg">/100</span>
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-black/25 px-2 py-0.5 font-semibold">{DEMO_HEALTH.rating}</span>
          <span className="inline-flex items-center gap-1">
            <TrendingUp className="size-4" aria-hidden />+{DEMO_HEALTH.weeklyChange} this week
          </span>
        </p>
      </section>

      <section aria-labelledby="demo-categories">
        <h3 id="demo-categories" className="mb-2 font-semibold">
          Declutter Categories
        </h3>
        <ul className="grid grid-cols-2 gap-3">
          {DEMO_CATEGORIES.map((c) => {
            const Icon = CATEGORY_ICONS[c.id];
            return (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onOpenCategory(c.id)}
                  className="flex h-full w-full flex-col items-start gap-1 rounded-card border border-border bg-card p-3 text-left hover:bg-muted"
                >
                  <span className="flex w-full items-center justify-between">
                    <Icon className="size-5 text-accent" aria-hidden />
                    <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
                  </span>
                  <span className="font-semibold">{c.title}</span>
                  <span className="text-xs text-muted-foreground">{formatCount(c.count)} items</span>
                  <span className="text-xs font-medium text-caution">{c.alert}</span>
                  <span className="text-xs text-muted-foreground">{c.storage} used</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="demo-streak" className="rounded-card border border-border bg-card p-4">
        <h3 id="demo-streak" className="flex items-center gap-2 font-semibold">
          <Flame className="size-5 text-caution" aria-hidden />
          Declutter Streak
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-center">
          <div className="rounded-panel bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Current streak</dt>
            <dd data-testid="demo-streak-current" className="text-2xl font-bold">
              {DEMO_STREAK.current} <span className="text-sm font-normal">days</span>
            </dd>
          </div>
          <div className="rounded-panel bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Best streak</dt>
            <dd data-testid="demo-streak-best" className="text-2xl font-bold">
              {DEMO_STREAK.best} <span className="text-sm font-normal">days</span>
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-muted-foreground">Keep it up! You&apos;re building a great habit.</p>
      </section>
    </div>
  );
}
