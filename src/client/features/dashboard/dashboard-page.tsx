/**
 * The dashboard (spec §2 "Dashboard"): every number comes from the user's own
 * last scan — on the server for signed-in users, from this device for visitors.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { goalProgress, pickQuickWins } from "../../../domain/goals";
import { scoreSummary } from "../../../domain/health-score";
import { orderCategories } from "../../../domain/preferences";
import { recommend } from "../../../domain/recommendations";
import type { ScanSummary } from "../../../domain/schemas/scan-summary";
import { deviceLocalDate } from "../../../domain/dates";
import { lastFolder, folderPermission } from "../../lib/device-data/scan-folder";
import { useSession } from "../../lib/session/use-session";
import { usePreferences } from "../../lib/settings/preferences-api";
import { useEffectiveSettings } from "../../lib/settings/use-effective-settings";
import { useDigitalData, useStreak } from "../../lib/data/digital-data-queries";
import { AutoCleanDialog } from "./components/auto-clean-dialog";
import { CategoriesList } from "./components/categories-list";
import { DashboardHeader } from "./components/dashboard-header";
import { GoalCard } from "./components/goal-card";
import { HealthScoreCard } from "./components/health-score-card";
import { PreferencesPrompt } from "./components/preferences-prompt";
import { PromoBanner } from "./components/promo-banner";
import { QuickActions } from "./components/quick-actions";
import { QuickActionsPanel } from "./components/quick-actions-panel";
import { RecommendationsList } from "./components/recommendations-list";
import { StreakCard } from "./components/streak-card";
import { TipCard } from "./components/tip-card";
import { ScanPanel } from "./scan/scan-panel";
import { ScanResultsCard } from "./scan/scan-results-card";
import { GuidedTour } from "./tour/guided-tour";
import { useDashboardCleanups } from "./use-dashboard-cleanups";
import { useLocalSummary } from "./use-local-summary";
import { NextStepsCard } from "./next-steps/next-steps-card";
import { paths } from "../../config/paths";

type Panel = "default" | "scan" | "actions";

export function DashboardPage() {
  const session = useSession();
  const user = session.user;
  const userId = user?.id ?? null;
  const data = useDigitalData(userId);
  const streak = useStreak(userId);
  const local = useLocalSummary(userId === null);
  const settings = useEffectiveSettings();
  const cleanups = useDashboardCleanups(userId, settings.autoClean);
  const preferences = usePreferences(userId !== null);
  // Asked once after registration; the tour waits until it is answered.
  const askPreferences = preferences.data?.asked === false ? preferences.data : null;
  const [scanOn, setScanOn] = useState(false);
  const [actionsOn, setActionsOn] = useState(false);
  const [autoCleanOpen, setAutoCleanOpen] = useState(false);
  const [quickScanFolder, setQuickScanFolder] = useState<FileSystemDirectoryHandle | null>(null);
  // The scan panel wins over quick actions (spec §2).
  const panel: Panel = scanOn ? "scan" : actionsOn ? "actions" : "default";

  useEffect(() => {
    // Spec §8: dashboard data errors are only logged.
    if (data.error) console.warn("Digital data failed to load", data.error);
    if (streak.error) console.warn("Streak failed to load", streak.error);
  }, [data.error, streak.error]);

  const summary: ScanSummary | null = userId ? (data.data?.summary ?? null) : (local.data ?? null);
  const today = data.data?.today ?? deviceLocalDate();
  const localScore = useMemo(() => (summary ? scoreSummary(summary) : null), [summary]);
  const score = userId && data.data ? data.data.healthScore : (localScore?.score ?? 0);
  const factors = userId && data.data ? data.data.scoreFactors : (localScore?.factors ?? []);
  const goal = userId && data.data ? data.data.goal : goalProgress(summary ? score : 100, 0);
  const currentStreak = streak.data?.currentStreak ?? 0;
  const history = streak.data?.streakHistory ?? [];
  const scorePending = userId && !data.data ? (data.isError ? "unavailable" : "loading") : undefined;
  const isPremium = user ? ["active", "lifetime", "trial"].includes(user.subscriptionStatus) : false;
  // Shown once the session is known: a banner shown while loading and removed when a
  // subscriber's session arrives pushed the whole dashboard up (Lighthouse CLS 0.5).
  const showPromo = session.status !== "loading" && !isPremium;

  const { autoCleanOn, afterScan } = cleanups;
  // The month of the user's own day (the server's `today`), so the server's render of this page and the browser's agree.
  const month = Number(today.slice(5, 7)) - 1;
  const recommendations = useMemo(
    () => (summary ? recommend(summary, { healthScore: score, autoCleanOn }, month) : []),
    [summary, score, autoCleanOn, month],
  );

  const { refetch: refetchLocal } = local;
  const onScanComplete = useCallback(() => {
    setScanOn(false);
    setQuickScanFolder(null);
    void refetchLocal();
    afterScan();
  }, [afterScan, refetchLocal]);

  const quickScan = async () => {
    const folder = await lastFolder();
    // Rescan the last folder while the browser still grants access; otherwise pick again.
    if (folder && (await folderPermission(folder, "read", true).catch(() => false))) setQuickScanFolder(folder);
    setScanOn(true);
  };

  return (
    // Phones: one column. Desktops (lg): header and panels across, then what to do now (next
    // step, score, results, categories) beside the daily pieces (goal, actions, streak, tip).
    <main className="mx-auto grid max-w-3xl gap-5 p-4 sm:p-6 lg:max-w-6xl lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:p-8">
      <DashboardHeader
        className="lg:col-span-2"
        name={user?.name || "User"}
        actionsOn={actionsOn}
        scanOn={scanOn}
        onScan={() => setScanOn((v) => !v)}
        onActions={() => {
          if (!isPremium && !actionsOn) {
            void import("./components/quick-actions").then((m) => m.premiumToast("quickActions"));
            return;
          }
          setActionsOn((v) => !v);
        }}
      />
      {showPromo ? <PromoBanner className="lg:col-span-2" /> : null}
      {session.status === "signed-out" ? (
        <p className="rounded-panel bg-muted p-3 text-sm lg:col-span-2">
          You&apos;re not signed in: scans stay on this device.{" "}
          <a className="font-medium text-accent underline" href={paths.login}>
            Sign in
          </a>{" "}
          to keep your score, goal and streak.
        </p>
      ) : null}

      {panel === "scan" ? (
        <div className="lg:col-span-2">
          <ScanPanel
            userId={userId}
            isPremium={isPremium}
            onComplete={onScanComplete}
            initialFolder={quickScanFolder}
            metadataOnly={settings.metadataOnlyScan}
          />
        </div>
      ) : panel === "actions" ? (
        <div className="lg:col-span-2">
          <QuickActionsPanel summary={summary} />
        </div>
      ) : (
        <>
          <div className="grid gap-5">
            {askPreferences ? <PreferencesPrompt current={askPreferences} /> : null}
            {/* One next step leads; the spec's pieces follow, score first. */}
            {scorePending ? null : <NextStepsCard summary={summary} isPremium={isPremium} onScan={() => setScanOn(true)} />}
            <HealthScoreCard score={score} factors={factors} hasScanned={summary !== null} pending={scorePending} />
            {summary ? <ScanResultsCard summary={summary} /> : null}
            <CategoriesList order={orderCategories(settings)} summary={summary} email={userId ? data.data : undefined} />
          </div>
          <div className="grid gap-5">
            <GoalCard goal={goal} quickWins={summary ? pickQuickWins(summary) : []} history={history} today={today} />
            <QuickActions isPremium={isPremium} onQuickScan={() => void quickScan()} onAutoClean={() => setAutoCleanOpen(true)} />
            <StreakCard current={currentStreak} history={history} today={today} />
            {settings.dailyTips ? <TipCard /> : null}
            <RecommendationsList items={recommendations} onPerform={cleanups.perform} />
          </div>
        </>
      )}
      <AutoCleanDialog open={autoCleanOpen} onOpenChange={setAutoCleanOpen} onClean={cleanups.runAutoClean} />
      {askPreferences ? null : <GuidedTour />}
    </main>
  );
}
