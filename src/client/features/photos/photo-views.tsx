/**
 * Organize → Photos' views (issue 19), loaded on demand: exact copies and similar shots as
 * groups with the photo to keep and why, blurry photos and screenshots as lists, each photo
 * with a keep/trash choice, a side-by-side comparison, and the same move to the CleanSpace
 * trash (with its confirmation and Undo) as every other Organize action.
 */
import { ImageOff, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import type { PhotoView } from "../../../domain/filters";
import { plural } from "../../../domain/format";
import type { PhotoReport } from "../../../domain/photos/index";
import { searchEntries, searchGroups, sortGroups, type GroupSort } from "../../../domain/review-groups";
import { Button } from "../../components/ui/button";
import { EmptyList } from "../../components/lists/empty-states";
import type { OrganizeItem } from "../../lib/device-data/organize-item";
import { CompareDialog, type CompareState } from "./compare-dialog";
import {
  blurrySections,
  exactGroups,
  screenshotSections,
  similarGroups,
  type PhotoEntry,
  type PhotoGroup,
  type PhotoSection,
  type Proposal,
} from "./photo-groups";
import { PhotoGroupCard } from "./photo-group-card";
import { PhotoViewControls } from "./photo-view-controls";
import { PhotoSectionList } from "./photo-section-list";

export interface PhotoViewsProps {
  view: PhotoView;
  /** Null when the scan analysed no photos. */
  report: PhotoReport | null;
  /** The photos Organize lists (hidden and trashed ones left out), keep-rules applied. */
  items: readonly OrganizeItem[];
  metadataOnly: boolean;
  root: FileSystemDirectoryHandle | null;
  canTrash: boolean;
  busy: boolean;
  scanning: boolean;
  onRescan: (() => void) | null;
  /** Moves photos to the CleanSpace trash, after Organize's confirmation. */
  onTrash(items: OrganizeItem[]): void;
  /** Where files cannot be changed: marks them reviewed. */
  onMark(items: OrganizeItem[]): void;
}

const EMPTY: Record<PhotoView, string> = {
  exact: "No exact copies among your photos.",
  similar: "No similar photos in your last scan.",
  blurry: "No blurry photos in your last scan.",
  screenshots: "No screenshots in your last scan.",
};
const GROUPS_PER_PAGE = 20;
const PHOTOS_PER_PAGE = 24;

export function PhotoViews(props: PhotoViewsProps) {
  const { view, report, items } = props;
  if (!report) return <NoAnalysis metadataOnly={props.metadataOnly} scanning={props.scanning} onRescan={props.onRescan} />;
  return (
    <>
      {/* Keyed by view: choices and pages start afresh on each view. */}
      <ViewBody key={view} {...props} report={report} items={items} />
      {report.skipped > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="photos-skipped">
          {plural(report.skipped, "photo")} could not be analysed in this browser (a damaged file, or a format it cannot decode) and{" "}
          {report.skipped === 1 ? "is" : "are"} in no view.
        </p>
      ) : null}
    </>
  );
}

function ViewBody({ view, report, items, root, canTrash, busy, onTrash, onMark }: PhotoViewsProps & { report: PhotoReport }) {
  const allGroups = useMemo(
    () => (view === "exact" ? exactGroups(report, items) : view === "similar" ? similarGroups(report, items) : []),
    [view, report, items],
  );
  const allSections = useMemo(
    () => (view === "blurry" ? blurrySections(report, items) : view === "screenshots" ? screenshotSections(report, items) : []),
    [view, report, items],
  );
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<GroupSort>("reclaimable");
  const groups = useMemo(() => sortGroups(searchGroups(allGroups, query), sort), [allGroups, query, sort]);
  const sections = useMemo(
    () => allSections.map((s) => ({ ...s, entries: searchEntries(s.entries, query) })).filter((s) => s.entries.length > 0),
    [allSections, query],
  );
  const [choices, setChoices] = useState<ReadonlyMap<number, Proposal>>(new Map());
  const [compare, setCompare] = useState<CompareState | null>(null);
  const [groupLimit, setGroupLimit] = useState(GROUPS_PER_PAGE);
  const [photoLimit, setPhotoLimit] = useState<Record<string, number>>({});

  const decide = (entry: PhotoEntry, d: Proposal) =>
    setChoices((old) => {
      const next = new Map(old);
      if (d === entry.proposal) next.delete(entry.item.id);
      else next.set(entry.item.id, d);
      return next;
    });
  const act = (entries: PhotoEntry[]) => {
    const list = entries.map((e) => e.item);
    if (canTrash) onTrash(list);
    else onMark(list);
  };
  const compareGroup = (group: PhotoGroup, entry: PhotoEntry) => {
    const [anchor, ...others] = group.entries;
    const at = Math.max(
      0,
      others.findIndex((e) => e.item.id === entry.item.id),
    );
    setCompare({ title: group.kind === "exact" ? "Compare exact copies" : "Compare similar photos", anchor: anchor!, others, at });
  };
  const openInSection = (section: PhotoSection, entry: PhotoEntry) =>
    setCompare({ title: section.title, anchor: null, others: section.entries, at: section.entries.indexOf(entry) });

  if (allGroups.length === 0 && allSections.length === 0) return <EmptyList>{EMPTY[view]}</EmptyList>;
  const shared = { root, canTrash, busy, choices, onDecide: decide, onAct: act };
  return (
    <div className="grid gap-3" data-testid={`photo-view-${view}`}>
      <PhotoViewControls query={query} sort={allGroups.length > 0 ? sort : null} onQuery={setQuery} onSort={setSort} />
      {groups.length === 0 && sections.length === 0 ? (
        <div
          className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-border p-6 text-center text-sm"
          data-testid="empty-list"
        >
          <p className="text-muted-foreground">No items match “{query.trim()}”.</p>
          <Button size="sm" variant="outline" onClick={() => setQuery("")}>
            Clear search
          </Button>
        </div>
      ) : null}
      {groups.slice(0, groupLimit).map((group) => (
        <PhotoGroupCard key={group.key} group={group} {...shared} onCompare={compareGroup} />
      ))}
      {groups.length > groupLimit ? (
        <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setGroupLimit((n) => n + GROUPS_PER_PAGE)}>
          Show {plural(Math.min(groups.length - groupLimit, GROUPS_PER_PAGE), "more group")}
        </Button>
      ) : null}
      {sections.map((section) => (
        <PhotoSectionList
          key={section.key}
          section={section}
          {...shared}
          limit={photoLimit[section.key] ?? PHOTOS_PER_PAGE}
          onShowMore={() => setPhotoLimit((l) => ({ ...l, [section.key]: (l[section.key] ?? PHOTOS_PER_PAGE) + PHOTOS_PER_PAGE }))}
          onOpen={openInSection}
        />
      ))}
      <CompareDialog
        state={compare}
        root={root}
        canChoose
        choices={choices}
        onDecide={decide}
        onMove={(at) => setCompare((c) => (c ? { ...c, at } : c))}
        onClose={() => setCompare(null)}
      />
    </div>
  );
}

/** The scan analysed no photos: why, and what to do. */
function NoAnalysis({ metadataOnly, scanning, onRescan }: { metadataOnly: boolean; scanning: boolean; onRescan: (() => void) | null }) {
  return (
    <section
      className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-border p-6 text-center"
      data-testid="photos-not-analysed"
    >
      <ImageOff className="size-10 text-accent" aria-hidden />
      <h3 className="text-lg font-semibold">Scan a folder to find similar photos</h3>
      <p className="max-w-md text-sm text-muted-foreground">
        {metadataOnly
          ? "Your last scan was a quick scan: it compared sizes and read no photo. Turn quick scans off in Settings and scan again to find similar shots, blurry photos and old screenshots."
          : "Your last scan did not look inside your photos. Scan the folder again to find similar shots, blurry photos and old screenshots — on this device, nothing is uploaded."}
      </p>
      {onRescan && !metadataOnly ? (
        <Button size="sm" disabled={scanning} onClick={onRescan}>
          <RefreshCw className="size-4" aria-hidden /> {scanning ? "Scanning..." : "Scan this folder again"}
        </Button>
      ) : null}
    </section>
  );
}
