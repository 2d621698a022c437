import { describe, expect, it } from "vitest";
import type { ScanItem } from "../../../scan/types";
import { appItems, canThumbnail, scanItemsForTab } from "./organize-item";

const scan = (id: number, path: string, category: ScanItem["category"], extra: Partial<ScanItem> = {}): ScanItem => ({
  id,
  path,
  name: path.split("/").pop()!,
  size: 10,
  type: category === "photo" ? "image/jpeg" : "",
  category,
  modified: 0,
  isLarge: false,
  isOld: false,
  duplicateGroup: null,
  isOriginal: false,
  ...extra,
});

describe("scanItemsForTab", () => {
  const items = [
    scan(1, "a.jpg", "photo", { duplicateGroup: 1, isOriginal: true }),
    scan(2, "b.pdf", "document"),
    scan(3, "c.mp4", "video"),
    scan(4, ".cleanspace-trash/2026-01-01/a copy.jpg", "photo"),
    scan(5, "d.zip", "archive"),
  ];

  it("photos are the photo category; files every other; the CleanSpace trash and hidden items are left out", () => {
    expect(scanItemsForTab(items, "photos", new Set(), false).map((i) => i.id)).toEqual([1]);
    expect(scanItemsForTab(items, "files", new Set(["file:d.zip"]), false).map((i) => i.id)).toEqual([2, 3]);
    expect(scanItemsForTab(items, "apps", new Set(), false)).toEqual([]);
    expect(scanItemsForTab(items, "email", new Set(), false)).toEqual([]);
  });

  it("marks duplicates as only possible when the scan compared sizes only", () => {
    expect(scanItemsForTab(items, "photos", new Set(), true)[0]!.possibleDuplicate).toBe(true);
    expect(scanItemsForTab(items, "photos", new Set(), false)[0]!.possibleDuplicate).toBe(false);
  });
});

describe("appItems", () => {
  it("maps detected apps, unused after 90 days or never seen", () => {
    const now = Date.UTC(2026, 5, 1);
    const apps = appItems(
      [
        { name: "Chrome", isInstalled: true, category: "browser", lastUsed: now },
        { name: "Old", isInstalled: true, category: "system", lastUsed: now - 91 * 86_400_000 },
        { name: "Never", isInstalled: true, category: "system", lastUsed: null },
      ],
      now,
    );
    expect(apps.map((a) => [a.key, a.isUnused, a.readOnly])).toEqual([
      ["app:Chrome", false, true],
      ["app:Old", true, true],
      ["app:Never", true, true],
    ]);
  });
});

it("thumbnails only images the browser decodes", () => {
  expect(canThumbnail({ type: "image/png", size: 5 })).toBe(true);
  expect(canThumbnail({ type: "image/heic", size: 5 })).toBe(false);
  expect(canThumbnail({ type: "image/png", size: 0 })).toBe(false);
});
