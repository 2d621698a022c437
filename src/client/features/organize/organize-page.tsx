/**
 * Organize (spec §2): the latest scan's items on this device, by tab (query
 * parameter `tab`, spec §5), with the advanced filter and batch operations for Pro users and
 * the four locked teasers for everyone else. `select` applies a quick-select on arrival
 * (dashboard, Insights' Apply Suggestion); `action=trash` opens the move confirmation;
 * `view` opens one of the Photos tab's views (exact, similar, blurry, screenshots).
 */
import { Filter, Layers } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { parseOrganizeTab, parsePhotoView, parseQuickSelect, type OrganizeTab } from "../../../domain/filters";
import { paths } from "../../config/paths";
import { cn } from "../../lib/cn";
import { vibrate } from "../../lib/device/haptics";
import { useIsPremium } from "../../lib/session/use-is-premium";
import { useSession } from "../../lib/session/use-session";
import { EmailPanel } from "../mail/email-panel";
import { OrganizeScore } from "./components/organize-score";
import { ProTeasers } from "./components/pro-teasers";
import { OrganizeWorkspace } from "./organize-workspace";
import type { PhotoViewChoice } from "../photos/photo-view-frame";
import { TabRow, TabRowItem } from "../../components/ui/tabs";

const TABS: { id: OrganizeTab; label: string }[] = [
  { id: "photos", label: "Photos" },
  { id: "files", label: "Files" },
  { id: "apps", label: "Apps" },
  { id: "email", label: "Email" },
];
const TAB_TAP_MS = 30;

function Toggle({ on, label, icon: Icon, onClick }: { on: boolean; label: string; icon: typeof Filter; onClick(): void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={cn(
        "inline-flex h-9 items-center gap-2 rounded-lg border px-3 text-sm font-medium",
        on ? "border-brand bg-brand text-white" : "border-border hover:bg-muted",
      )}
    >
      <Icon className="size-4" aria-hidden /> {label}
    </button>
  );
}

export function OrganizePage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const tab = parseOrganizeTab(params.get("tab"));
  const select = parseQuickSelect(params.get("select"));
  const action = params.get("action") === "trash" ? "trash" : null;
  const photoView: PhotoViewChoice = (tab === "photos" ? parsePhotoView(params.get("view")) : null) ?? "all";
  const onPhotoView = (view: PhotoViewChoice) => navigate(paths.organize("photos", view === "all" ? {} : { view }));
  const session = useSession();
  const isPremium = useIsPremium();
  const [filterOn, setFilterOn] = useState(false);
  const [batchOn, setBatchOn] = useState(select !== null);
  // Auto Clean has no gate (spec §6): its move of exact copies works for everyone.
  const autoClean = action === "trash" && select === "duplicates";

  return (
    <main className="mx-auto grid max-w-5xl gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">Organize</h1>
        <OrganizeScore userId={session.user?.id ?? null} />
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          vibrate(TAB_TAP_MS);
          navigate(paths.organize(value as OrganizeTab));
        }}
        className="grid gap-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <TabRow aria-label="Categories" className="grid min-w-72 flex-1 grid-cols-4">
            {TABS.map((t) => (
              <TabRowItem key={t.id} value={t.id}>
                {t.label}
              </TabRowItem>
            ))}
          </TabRow>
          {isPremium ? (
            <div className="flex gap-2">
              <Toggle on={filterOn} label="Advanced filter" icon={Filter} onClick={() => setFilterOn((v) => !v)} />
              <Toggle on={batchOn} label="Batch operations" icon={Layers} onClick={() => setBatchOn((v) => !v)} />
            </div>
          ) : null}
        </div>
        <Tabs.Content value={tab} className="grid gap-4 outline-none">
          {session.isLoading ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading…
            </p>
          ) : !isPremium ? (
            <>
              {autoClean && tab !== "email" ? (
                <OrganizeWorkspace
                  key={tab}
                  tab={tab}
                  initialSelect={select}
                  initialAction={action}
                  filterOn={false}
                  batchOn={false}
                  limited
                  userId={session.user?.id ?? null}
                  isPremium={false}
                  photoView="all"
                  onPhotoView={onPhotoView}
                />
              ) : null}
              <ProTeasers />
            </>
          ) : tab === "email" ? (
            <EmailPanel filterOn={filterOn} initialSelect={select === "unread" || select === "old" ? select : null} />
          ) : (
            <OrganizeWorkspace
              key={tab}
              tab={tab}
              initialSelect={select}
              initialAction={action}
              filterOn={filterOn}
              batchOn={batchOn}
              limited={false}
              userId={session.user?.id ?? null}
              isPremium
              photoView={photoView}
              onPhotoView={onPhotoView}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
