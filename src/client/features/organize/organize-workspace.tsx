/**
 * The Organize list for one tab (photos, files or apps), from the latest scan on this device:
 * the advanced filter, batch selection and actions, the long-press preview, undo. `limited`
 * is the free path from the dashboard's Auto Clean (spec §6: Auto Clean has no gate): only the
 * move of the exact copies, with its confirmation and undo — none of the Pro tools.
 */
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { applyFilters, quickSelect, type FilterCriterion, type OrganizeTab, type QuickSelect } from "../../../domain/filters";
import { paths } from "../../config/paths";
import { useHoldsFirstScreen } from "../../lib/after-load";
import { notify } from "../../lib/device/haptics";
import { AutoCleanCard } from "./components/auto-clean-card";
import { BatchActions, BatchBar } from "../files/batch-bar";
import { ItemList } from "../files/item-list";
import { useListView } from "../files/use-list-view";
import { NoScanState } from "../../components/lists/empty-states";
import { ExportPlanDialog } from "./components/export-plan-dialog";
import { MoveConfirm } from "./components/move-confirm";
import { PresetsFilter } from "../../components/lists/filter/presets-filter";
import { PreviewDialog } from "./components/preview-dialog";
import { SourceCard } from "./components/source-card";
import { TrashView } from "./components/trash-view";
import { UndoBanner } from "../../components/lists/undo-banner";
import { saveFile } from "../../lib/download";
import { selectionCsv } from "../files/csv";
import type { BatchAction } from "../../components/lists/batch-action";
import { useBatchActions } from "./hooks/use-batch-actions";
import type { FolderSource } from "../../lib/file-actions/folder-source";
import { useFolderSource } from "../../lib/device-data/use-folder-source";
import { useRescan } from "./hooks/use-rescan";
import { useScanIndex, type LoadedIndex } from "../../lib/device-data/scan-index";
import { clearMarks, marksQueryKey, useMarks, type MarkRecord } from "../../lib/device-data/marks";
import { browserApps } from "./browser-apps";
import { applyKeepPolicy } from "../../lib/device-data/keep-proposals";
import { useKeepPolicy } from "../../lib/device-data/keep-policy";
import { scanItemsForTab, type ItemKind, type OrganizeItem } from "../../lib/device-data/organize-item";
import { photoViewCounts } from "../photos/photo-groups";
import { PhotoViewFrame, type PhotoViewChoice } from "../photos/photo-view-frame";
import { usePhotoReport } from "../photos/use-photo-report";

// The photo views (issue 19) load when one is opened: the list of all photos does not need them.
const PhotoViews = lazy(() => import("../photos/photo-views").then((m) => ({ default: m.PhotoViews })));

export interface WorkspaceProps {
  tab: Exclude<OrganizeTab, "email">;
  initialSelect: QuickSelect | null;
  initialAction: "trash" | null;
  filterOn: boolean;
  batchOn: boolean;
  limited: boolean;
  userId: number | null;
  isPremium: boolean;
  /** The Photos tab's view (`?view=`), "all" for the list of every photo. */
  photoView: PhotoViewChoice;
  onPhotoView(view: PhotoViewChoice): void;
}

const KIND: Record<WorkspaceProps["tab"], ItemKind> = { photos: "photo", files: "file", apps: "app" };

export function OrganizeWorkspace(props: WorkspaceProps) {
  const index = useScanIndex();
  const marks = useMarks();
  const folder = useFolderSource(index.data?.index);
  if (index.isError || marks.isError) {
    return <p role="alert">Your last scan could not be read on this device: {String(index.error ?? marks.error)}</p>;
  }
  if (!index.data || !marks.data || (index.data.index && !folder.data)) return <LoadingItems />;
  if (props.tab !== "apps" && !index.data.index) return <NoScanState />;
  return (
    <WorkspaceView
      key={index.data.index?.scannedAt ?? "none"}
      {...props}
      loaded={index.data}
      marks={marks.data}
      source={folder.data ?? { kind: "read-only" }}
    />
  );
}

/** While this device's data is read; the page's extras wait until it is gone (lib/after-load.ts). */
function LoadingItems() {
  useHoldsFirstScreen();
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Loading your items…
    </p>
  );
}

interface ViewProps extends WorkspaceProps {
  loaded: LoadedIndex;
  marks: Map<string, MarkRecord>;
  source: FolderSource;
}

function WorkspaceView({
  tab,
  initialSelect,
  initialAction,
  filterOn,
  batchOn,
  limited,
  userId,
  isPremium,
  photoView,
  onPhotoView,
  loaded,
  marks,
  source,
}: ViewProps) {
  const queryClient = useQueryClient();
  const { index, loadedAt } = loaded;
  const root = source.kind === "folder" ? source.root : null;
  const canTrash = root !== null && tab !== "apps";
  const keepPolicy = useKeepPolicy();
  const hidden = useMemo(() => new Set(marks.keys()), [marks]);
  const hiddenCount = useMemo(() => [...hidden].filter((k) => k.startsWith(`${KIND[tab]}:`)).length, [hidden, tab]);
  const items = useMemo(
    () =>
      tab === "apps"
        ? browserApps(loadedAt).filter((a) => !hidden.has(a.key))
        : scanItemsForTab(applyKeepPolicy(index?.items ?? [], keepPolicy), tab, hidden, index?.summary.metadataOnly ?? false),
    [tab, loadedAt, hidden, index, keepPolicy],
  );
  const photoReport = usePhotoReport(index);
  const photoCounts = useMemo(
    () => (tab === "photos" && photoReport ? photoViewCounts(photoReport, items) : null),
    [tab, photoReport, items],
  );
  const [criteria, setCriteria] = useState<FilterCriterion[]>([]);
  const [activePreset, setActivePreset] = useState<string | null>(null);
  const shown = useMemo(() => applyFilters(items, criteria, loadedAt), [items, criteria, loadedAt]);

  // The dashboard's and Insights' links pick a quick-select (and Auto Clean the move) on arrival.
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(initialSelect ? quickSelect(items, initialSelect, tab).map((i) => i.id) : []),
  );
  const [confirming, setConfirming] = useState<readonly OrganizeItem[] | null>(() => {
    if (initialAction !== "trash" || !canTrash || index?.summary.metadataOnly) return null;
    const chosen = items.filter((i) => selected.has(i.id));
    return chosen.length > 0 ? chosen : null;
  });
  const [preview, setPreview] = useState<OrganizeItem | null>(null);
  const [trashOpen, setTrashOpen] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  const batch = useBatchActions({ tab, userId, root });
  const [, navigate] = useLocation();
  useEffect(() => {
    // Consumed: a rescan or a reload must not select again or reopen the confirmation.
    if (!limited && (initialSelect || initialAction))
      navigate(paths.organize(tab, tab === "photos" && photoView !== "all" ? { view: photoView } : {}), { replace: true });
  }, [limited, initialSelect, initialAction, navigate, tab, photoView]);
  const { rescan, scanning } = useRescan(userId);

  const view = useListView(shown);
  // What the user sees is what they act on: a search hides items from the selection's actions too.
  const selectedItems = useMemo(() => view.visible.filter((i) => selected.has(i.id)), [view.visible, selected]);
  const selectedBytes = selectedItems.reduce((n, i) => n + i.size, 0);

  const toggle = useCallback((item: OrganizeItem) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      return next;
    });
  }, []);

  const act = async (action: BatchAction, list: readonly OrganizeItem[]) => {
    const done = await batch.run(action, list);
    if (done > 0) setSelected(new Set());
  };
  const onBatchAction = (action: BatchAction) => (action === "trash" ? setConfirming(selectedItems) : void act(action, selectedItems));
  const onQuickSelect = (kind: QuickSelect) => {
    notify("selection");
    setSelected(new Set(quickSelect(view.visible, kind, tab).map((i) => i.id)));
  };
  const showHidden = async () => {
    await clearMarks([...hidden].filter((k) => k.startsWith(`${KIND[tab]}:`)));
    await queryClient.invalidateQueries({ queryKey: marksQueryKey });
  };

  const dialogs = (
    <>
      <MoveConfirm
        items={confirming}
        folderName={source.kind === "folder" ? source.name : ""}
        busy={batch.busy}
        onCancel={() => setConfirming(null)}
        onConfirm={(list) => {
          setConfirming(null);
          void act("trash", list);
        }}
      />
      <UndoBanner entry={batch.lastAction} busy={batch.busy} onUndo={() => void batch.undo()} onExpire={batch.dismissUndo} />
    </>
  );

  if (limited) {
    return (
      <>
        <AutoCleanCard
          source={source}
          copies={quickSelect(items, "duplicates", tab)}
          metadataOnly={index?.summary.metadataOnly ?? false}
          onMove={setConfirming}
        />
        {dialogs}
      </>
    );
  }

  const listPart = (
    <>
      {filterOn ? (
        <PresetsFilter
          tab={tab}
          criteria={criteria}
          activePresetId={activePreset}
          shown={shown.length}
          total={items.length}
          presetsEnabled={isPremium && userId !== null}
          onCriteria={(next, presetId) => {
            setCriteria(next);
            setActivePreset(presetId ?? null);
          }}
        />
      ) : null}
      {batchOn ? (
        <BatchBar
          tab={tab}
          total={view.visible.length}
          selectedCount={selectedItems.length}
          onSelectAll={(on) => setSelected(new Set(on ? view.visible.map((i) => i.id) : []))}
          onQuickSelect={onQuickSelect}
        />
      ) : null}
      <ItemList
        kind={tab}
        total={items.length}
        filtered={shown.length}
        view={view}
        batch={batchOn}
        selected={selected}
        root={root}
        onToggle={toggle}
        onPreview={setPreview}
      />
      {batchOn ? (
        <BatchActions
          selectedCount={selectedItems.length}
          selectedBytes={selectedBytes}
          canTrash={canTrash}
          busy={batch.busy}
          onAction={onBatchAction}
          onDownload={() =>
            saveFile(
              selectionCsv(selectedItems),
              `cleanspace-${tab}-${new Date().toISOString().slice(0, 10)}.csv`,
              "text/csv;charset=utf-8",
            )
          }
        />
      ) : null}
      {tab === "apps" ? (
        <p className="text-xs text-muted-foreground">
          A web page cannot see the apps installed on this device — only CleanSpace itself, once you install it. The native app lists your
          installed apps; nothing can be uninstalled from a web page, so actions here mark apps as reviewed.
        </p>
      ) : null}
    </>
  );

  return (
    <div className="grid gap-4">
      {index ? (
        <SourceCard
          source={source}
          scannedAt={index.scannedAt}
          hiddenCount={hiddenCount}
          scanning={scanning}
          onRescan={() => root && void rescan(root)}
          onOpenTrash={() => setTrashOpen(true)}
          onShowHidden={() => void showHidden()}
          onExportPlan={tab === "apps" ? undefined : () => setPlanOpen(true)}
        />
      ) : null}
      {tab === "photos" ? (
        <PhotoViewFrame view={photoView} counts={photoCounts} onView={onPhotoView}>
          {photoView === "all" ? (
            listPart
          ) : (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted-foreground">
                  Loading photo views…
                </p>
              }
            >
              <PhotoViews
                view={photoView}
                report={photoReport}
                items={items}
                metadataOnly={index?.summary.metadataOnly ?? false}
                root={root}
                canTrash={canTrash && !(index?.summary.metadataOnly ?? false)}
                busy={batch.busy}
                scanning={scanning}
                onRescan={root ? () => void rescan(root) : null}
                onTrash={setConfirming}
                onMark={(list) => void act("reviewed", list)}
              />
            </Suspense>
          )}
        </PhotoViewFrame>
      ) : (
        listPart
      )}
      <PreviewDialog
        item={preview}
        root={root}
        canTrash={canTrash}
        onClose={() => setPreview(null)}
        onAction={(action, item) => void act(action, [item])}
      />
      {index && tab !== "apps" ? <ExportPlanDialog open={planOpen} onOpenChange={setPlanOpen} items={index.items} source={source} /> : null}
      {root ? (
        <TrashView
          open={trashOpen}
          root={root}
          onOpenChange={setTrashOpen}
          onDeleted={(n, bytes) => void batch.recordEvent("delete", n, bytes)}
          onRestored={(n, bytes) => void batch.recordEvent("restore", n, bytes)}
        />
      ) : null}
      {dialogs}
    </div>
  );
}
