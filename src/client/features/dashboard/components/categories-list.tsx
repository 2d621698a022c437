import { FileText, Image, Mail, Smartphone } from "lucide-react";
import { useLocation } from "wouter";
import type { DataType } from "../../../../domain/preferences";
import type { ScanSummary } from "../../../../domain/schemas/scan-summary";
import { paths } from "../../../config/paths";
import { vibrate } from "../../../lib/device/haptics";
import { CategoryCard } from "./category-card";

const CATEGORY_TAP_MS = 30;

/** Spec §2 'Declutter Categories': real counts, alerts and storage shares from the last scan. */
/** The connected mailbox's saved totals: the server keeps them apart from any file scan. */
type MailTotals = { emailCount: number; emailUnread: number; emailStorage: number };

export function CategoriesList({
  order,
  summary,
  email,
}: {
  order: DataType[];
  summary: ScanSummary | null;
  email?: MailTotals | undefined;
}) {
  const [, navigate] = useLocation();
  const s = summary;
  const photoBytes = s?.categories.photo.bytes ?? 0;
  const total = s?.totalBytes ?? 0;
  const share = (bytes: number) => (total > 0 ? (bytes / total) * 100 : 0);
  const mailCount = email?.emailCount ?? s?.emailCount ?? 0;
  const mailUnread = email?.emailUnread ?? s?.emailUnread ?? 0;
  const mailBytes = (email?.emailStorage ?? 0) * 1e9;
  const cards = {
    photos: {
      title: "Photos",
      icon: Image,
      count: s?.photosCount ?? 0,
      alertCount: s?.photosDuplicates ?? 0,
      alertLabel: "duplicates",
      storage: share(photoBytes),
      select: "duplicates",
    },
    files: {
      title: "Files",
      icon: FileText,
      count: (s?.totalFiles ?? 0) - (s?.categories.photo.count ?? 0),
      alertCount: s?.largeFiles ?? 0,
      alertLabel: "large files",
      storage: share(total - photoBytes),
      select: "large",
    },
    apps: {
      title: "Apps",
      icon: Smartphone,
      count: s?.appsCount ?? 0,
      alertCount: s?.appsUnused ?? 0,
      alertLabel: "unused",
      storage: 0,
      select: "unused",
      note: s && s.appsCount > 0 ? undefined : "Available in the native app",
    },
    email: {
      title: "Email",
      icon: Mail,
      count: mailCount,
      alertCount: mailUnread,
      alertLabel: "unread",
      storage: mailBytes > 0 ? (mailBytes / (total + mailBytes)) * 100 : 0,
      select: "unread",
      note: mailCount > 0 ? undefined : "Connect a mailbox to include email",
    },
  } as const;
  return (
    <section aria-labelledby="categories-title" className="grid gap-3">
      <h2 id="categories-title" className="text-lg font-semibold">
        Declutter Categories
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {order.map((key) => {
          const c = cards[key];
          return (
            <CategoryCard
              key={key}
              {...c}
              onOpen={() => {
                vibrate(CATEGORY_TAP_MS);
                navigate(paths.organize(key));
              }}
              onLongPress={() => {
                vibrate(CATEGORY_TAP_MS);
                navigate(paths.organize(key, { select: c.select }));
              }}
            />
          );
        })}
      </div>
    </section>
  );
}
