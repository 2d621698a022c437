/**
 * Insights (spec §2 "Insights"): a loading state until the user and their data are
 * known; the three upgrade prompts without an active subscription or trial; otherwise the
 * Overview, Smart, Wellness and Export tabs, every figure from the user's own history.
 */
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { paths } from "../../config/paths";
import { useIsPremium } from "../../lib/session/use-is-premium";
import { useSession } from "../../lib/session/use-session";
import { useIsOffline } from "../../lib/use-is-offline";
import { useInsights } from "./api/get-insights";
import { ExportTab } from "./components/export-tab";
import { OverviewTab } from "./components/overview-tab";
import { SmartTab } from "./components/smart-tab";
import { UpgradePrompts } from "./components/upgrade-prompts";
import { WellnessTab } from "./components/wellness-tab";
import { TabRow, TabRowItem } from "../../components/ui/tabs";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "smart", label: "Smart" },
  { value: "wellness", label: "Wellness" },
  { value: "export", label: "Export" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

function OfflineState() {
  return (
    <Card role="status" className="grid gap-2">
      <p className="font-semibold">You&apos;re offline.</p>
      <p className="text-sm text-muted-foreground">
        Insights are worked out by the server from your history. They load as soon as this device is back online.
      </p>
    </Card>
  );
}

function LoadingState() {
  return (
    <p role="status" aria-live="polite" className="rounded-card border border-border bg-card p-6 text-center text-muted-foreground">
      Loading your insights…
    </p>
  );
}

export function InsightsPage() {
  const session = useSession();
  const isPremium = useIsPremium();
  const user = session.user;
  const insights = useInsights(user?.id ?? null, isPremium);
  const [tab, setTab] = useState<TabValue>("overview");
  const offline = useIsOffline();

  let body;
  if (session.isLoading) body = offline ? <OfflineState /> : <LoadingState />;
  else if (session.status === "error") {
    body = (
      <Card role="alert" className="grid gap-2">
        <p className="font-semibold">We couldn&apos;t reach CleanSpace.</p>
        <p className="text-sm text-muted-foreground">Check your connection, then reload the page.</p>
      </Card>
    );
  } else if (!user || !isPremium) {
    body = (
      <>
        {session.status === "signed-out" ? (
          <p className="rounded-panel bg-muted p-3 text-sm">
            You&apos;re not signed in.{" "}
            <Link href={paths.login} className="font-medium text-accent underline">
              Sign in
            </Link>{" "}
            to see insights from your own history.
          </p>
        ) : null}
        <UpgradePrompts />
      </>
    );
  } else if (!insights.data && offline) body = <OfflineState />;
  else if (insights.isPending) body = <LoadingState />;
  else if (insights.isError) {
    body = (
      <Card role="alert" className="grid gap-3">
        <p className="font-semibold">Your insights could not be loaded.</p>
        <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
        <Button variant="outline" className="justify-self-start" onClick={() => void insights.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  } else {
    const data = insights.data;
    body = (
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabValue)} className="grid gap-4">
        <TabRow aria-label="Insights" className="grid grid-cols-4">
          {TABS.map((t) => (
            <TabRowItem key={t.value} value={t.value} size="lg">
              {t.label}
            </TabRowItem>
          ))}
        </TabRow>
        <Tabs.Content value="overview" className="outline-none">
          <OverviewTab data={data} />
        </Tabs.Content>
        <Tabs.Content value="smart" className="outline-none">
          <SmartTab data={data} userId={user.id} />
        </Tabs.Content>
        <Tabs.Content value="wellness" className="outline-none">
          <WellnessTab data={data} />
        </Tabs.Content>
        <Tabs.Content value="export" className="outline-none">
          <ExportTab data={data} userId={user.id} userName={user.name || "User"} />
        </Tabs.Content>
      </Tabs.Root>
    );
  }

  return (
    <main className="mx-auto grid max-w-3xl gap-4 p-4 sm:p-6 lg:max-w-6xl lg:p-8">
      <h1 className="text-2xl font-bold">Insights</h1>
      {body}
    </main>
  );
}
