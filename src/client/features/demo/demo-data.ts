/**
 * The demo's fixed sample data — the one place in the product where made-up figures may
 * live (ARCHITECTURE.md principle 2). Nothing here is read from a scan or the server.
 */
export type DemoTab = "home" | "organize" | "insights" | "settings";
export type DemoCategory = "photos" | "files" | "emails" | "apps";

export const DEMO_USER = { name: "Alex", fullName: "Alex Demo", email: "alex@example.com", plan: "Demo account" } as const;

export const DEMO_HEALTH = { score: 85, rating: "Excellent", weeklyChange: 5 } as const;

export const DEMO_STREAK = { current: 7, best: 14 } as const;

export interface DemoCategorySummary {
  id: DemoCategory;
  title: string;
  count: number;
  alert: string;
  storage: string;
}

export const DEMO_CATEGORIES: readonly DemoCategorySummary[] = [
  { id: "photos", title: "Photos", count: 2847, alert: "23 duplicates", storage: "4.2 GB" },
  { id: "files", title: "Files", count: 1256, alert: "8 large files", storage: "12.8 GB" },
  { id: "emails", title: "Emails", count: 3421, alert: "156 unread", storage: "1.1 GB" },
  { id: "apps", title: "Apps", count: 87, alert: "12 unused", storage: "8.6 GB" },
];

export interface DemoItem {
  id: string;
  name: string;
  detail: string;
  size: string;
  /** A short flag such as "Duplicate"; absent for items needing no attention. */
  flag?: string;
}

export const DEMO_ITEMS: Record<DemoCategory, { action: string; items: readonly DemoItem[] }> = {
  photos: {
    action: "Delete Duplicates",
    items: [
      { id: "p1", name: "IMG_2041.jpg", detail: "Taken Mar 12", size: "3.2 MB", flag: "Duplicate" },
      { id: "p2", name: "IMG_2041 (1).jpg", detail: "Taken Mar 12", size: "3.2 MB", flag: "Duplicate" },
      { id: "p3", name: "Beach_sunset.heic", detail: "Taken Jul 4", size: "2.7 MB" },
      { id: "p4", name: "Screenshot_0915.png", detail: "Taken Sep 15", size: "1.1 MB", flag: "Old" },
    ],
  },
  files: {
    action: "Archive Large Files",
    items: [
      { id: "f1", name: "Project_backup_2023.zip", detail: "Archive · modified 14 months ago", size: "1.8 GB", flag: "Large" },
      { id: "f2", name: "Holiday_video.mov", detail: "Video · modified 8 months ago", size: "920 MB", flag: "Large" },
      { id: "f3", name: "Tax_return_2024.pdf", detail: "Document · modified 2 months ago", size: "2.4 MB" },
      { id: "f4", name: "Installer_v2.dmg", detail: "Application · modified 11 months ago", size: "310 MB", flag: "Old" },
    ],
  },
  emails: {
    action: "Archive Promotions",
    items: [
      { id: "e1", name: "Your weekly deals are here", detail: "From: offers@shop.example", size: "48 KB", flag: "Promo" },
      { id: "e2", name: "Team offsite agenda", detail: "From: sam@work.example", size: "120 KB", flag: "Unread" },
      { id: "e3", name: "Flash sale ends tonight", detail: "From: news@store.example", size: "64 KB", flag: "Promo" },
      { id: "e4", name: "Invoice #1042", detail: "From: billing@service.example", size: "36 KB" },
    ],
  },
  apps: {
    action: "Remove Unused Apps",
    items: [
      { id: "a1", name: "Photo Editor Pro", detail: "Last used 5 months ago", size: "420 MB", flag: "Unused" },
      { id: "a2", name: "Travel Planner", detail: "Last used 8 months ago", size: "180 MB", flag: "Unused" },
      { id: "a3", name: "Music Player", detail: "Last used today", size: "95 MB" },
      { id: "a4", name: "Old Game", detail: "Last used 1 year ago", size: "1.2 GB", flag: "Unused" },
    ],
  },
};

export const DEMO_INSIGHTS = {
  storageSaved: "2.4 GB",
  itemsOrganized: 156,
  /** Items organized per weekday, Monday first. */
  weekly: [
    { day: "Mon", items: 18 },
    { day: "Tue", items: 26 },
    { day: "Wed", items: 12 },
    { day: "Thu", items: 31 },
    { day: "Fri", items: 22 },
    { day: "Sat", items: 35 },
    { day: "Sun", items: 12 },
  ],
  quickStats: [
    { label: "Duplicates removed", value: "89" },
    { label: "Apps uninstalled", value: "12" },
    { label: "Emails archived", value: "340" },
    { label: "Average health score", value: "72" },
  ],
} as const;

export const DEMO_PREFERENCES = ["Push Notifications", "Auto Clean Mode", "Daily Tips", "Haptic Feedback"] as const;
