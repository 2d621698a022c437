import { Archive, Aperture, Clock, Copy, FileX, Images, MonitorSmartphone, ScanEye } from "lucide-react";
import { Link } from "wouter";
import { formatBytes, formatCount } from "../../../../domain/format";
import type { PhotoFindings, ScanSummary } from "../../../../domain/schemas/scan-summary";
import { Card } from "../../../components/ui/card";
import { paths } from "../../../config/paths";

/**
 * The quick-actions panel (header toggle): straight to each kind of clutter the scan found,
 * where it can be acted on — photo copies on Organize's Photos tab, other copies on Files.
 * The scan never counts the CleanSpace trash, so nothing here is already in it.
 */
const photoCount = (n: number) => `${formatCount(n)} ${n === 1 ? "photo" : "photos"}`;

/** The photo analysis's views, when the scan ran it and each found something (issue 19). */
function photoActions(f: PhotoFindings | undefined) {
  if (!f) return [];
  return [
    {
      icon: ScanEye,
      label: "Keep the best of similar shots",
      detail: `${photoCount(f.similarExtra)} to review · ${formatBytes(f.similarExtraBytes)}`,
      href: paths.organize("photos", { view: "similar" }),
      count: f.similarExtra,
    },
    {
      icon: Aperture,
      label: "Review blurry photos",
      detail: `${photoCount(f.blurry)} · ${formatBytes(f.blurryBytes)}`,
      href: paths.organize("photos", { view: "blurry" }),
      count: f.blurry,
    },
    {
      icon: MonitorSmartphone,
      label: "Clear old screenshots",
      detail: `${formatCount(f.oldScreenshots)} over 30 days old · ${formatBytes(f.oldScreenshotsBytes)}`,
      href: paths.organize("photos", { view: "screenshots" }),
      count: f.oldScreenshots,
    },
  ]
    .filter((a) => a.count > 0)
    .map(({ count: _count, ...a }) => a);
}

export function QuickActionsPanel({ summary }: { summary: ScanSummary | null }) {
  if (!summary) {
    return (
      <Card>
        <h2 className="text-lg font-semibold">Quick actions</h2>
        <p className="mt-1 text-sm text-muted-foreground">Run a scan first: quick actions work on what it finds.</p>
      </Card>
    );
  }
  const photoCopies = summary.photosDuplicates;
  const otherCopies = summary.duplicateFiles - photoCopies;
  const photoBytes = summary.photosDuplicateBytes;
  const actions = [
    {
      icon: Images,
      label: "Remove duplicate photos",
      detail: `${formatCount(photoCopies)} ${photoCopies === 1 ? "copy" : "copies"}${photoBytes !== undefined ? ` · ${formatBytes(photoBytes)}` : ""}`,
      href: paths.organize("photos", { select: "duplicates" }),
    },
    {
      icon: Copy,
      label: "Remove duplicate copies",
      detail: `${formatCount(otherCopies)} ${otherCopies === 1 ? "copy" : "copies"}${photoBytes !== undefined ? ` · ${formatBytes(summary.duplicateBytes - photoBytes)}` : ""}`,
      href: paths.organize("files", { select: "duplicates" }),
    },
    {
      icon: Archive,
      label: "Review large files",
      detail: `${summary.largeFiles} files · ${formatBytes(summary.largeBytes)}`,
      href: paths.organize("files", { select: "large" }),
    },
    {
      icon: Clock,
      label: "Review old files",
      detail: `${summary.oldFiles} files · ${formatBytes(summary.oldBytes)}`,
      href: paths.organize("files", { select: "old" }),
    },
    { icon: FileX, label: "Empty files", detail: `${summary.emptyFiles} files`, href: paths.organize("files") },
    ...photoActions(summary.photoFindings),
  ];
  return (
    <section aria-labelledby="qa-panel-title" className="grid gap-3">
      <h2 id="qa-panel-title" className="text-lg font-semibold">
        Quick actions
      </h2>
      <ul className="grid gap-2">
        {actions.map((a) => (
          <li key={a.label}>
            <Link href={a.href} className="flex items-center gap-3 rounded-card border border-border bg-card p-4 hover:border-brand/50">
              <a.icon className="size-5 text-accent" aria-hidden />
              <span className="flex-1">
                <span className="block font-medium">{a.label}</span>
                <span className="block text-xs text-muted-foreground">{a.detail}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
