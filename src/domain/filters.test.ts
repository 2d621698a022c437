import { describe, expect, it } from "vitest";
import {
  applyFilters,
  isBlankCriterion,
  DEFAULT_PRESETS,
  FILTER_TYPE_OPERATORS,
  matchesCriterion,
  MB,
  parseOrganizeTab,
  parseQuickSelect,
  QUICK_PRESET_COUNT,
  quickSelect,
  type FilterCriterion,
  type FilterItem,
} from "./filters";
import { CreateFilterPresetSchema, FilterCriterionSchema } from "./schemas/filter-preset";

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 24 * 3600 * 1000;

function item(over: Partial<FilterItem> & { name: string }): FilterItem {
  return { path: `dir/${over.name}`, size: 1000, type: "", category: "other", modified: NOW - DAY, ...over };
}

const holiday = item({
  name: "Holiday.JPG",
  type: "image/jpeg",
  category: "photo",
  size: 6 * MB,
  modified: NOW - 10 * DAY,
  duplicateGroup: 1,
  isOriginal: true,
});
const holidayCopy = item({
  name: "Holiday copy.jpg",
  type: "image/jpeg",
  category: "photo",
  size: 6 * MB,
  modified: NOW - 5 * DAY,
  duplicateGroup: 1,
  isOriginal: false,
});
const report = item({
  name: "report.pdf",
  type: "application/pdf",
  category: "document",
  size: 12 * MB,
  modified: NOW - 400 * DAY,
  isOld: true,
});
const notes = item({ name: "notes.txt", type: "text/plain", category: "document", size: 200, modified: NOW - 2 * DAY });
const movie = item({
  name: "movie.mp4",
  type: "video/mp4",
  category: "video",
  size: 150 * MB,
  modified: NOW - 200 * DAY,
  isLarge: true,
  isOld: true,
});
const all = [holiday, holidayCopy, report, notes, movie];

const c = (over: Partial<FilterCriterion>): FilterCriterion => ({
  name: "name",
  type: "text",
  operator: "contains",
  value: "",
  enabled: true,
  ...over,
});
const names = (items: FilterItem[]) => items.map((i) => i.name);

describe("applyFilters — each type and operator", () => {
  it("text: contains / equals / in, case-insensitive, on name, path, extension, mimeType", () => {
    expect(names(applyFilters(all, [c({ value: "holiday" })], NOW))).toEqual(["Holiday.JPG", "Holiday copy.jpg"]);
    expect(names(applyFilters(all, [c({ operator: "equals", value: "NOTES.TXT" })], NOW))).toEqual(["notes.txt"]);
    expect(names(applyFilters(all, [c({ name: "extension", operator: "in", value: ["pdf", "txt"] })], NOW))).toEqual([
      "report.pdf",
      "notes.txt",
    ]);
    expect(names(applyFilters(all, [c({ name: "extension", operator: "in", value: "jpg, mp4" })], NOW))).toEqual([
      "Holiday.JPG",
      "Holiday copy.jpg",
      "movie.mp4",
    ]);
    expect(names(applyFilters(all, [c({ name: "mimeType", operator: "contains", value: "video" })], NOW))).toEqual(["movie.mp4"]);
    expect(names(applyFilters(all, [c({ name: "path", operator: "contains", value: "dir/rep" })], NOW))).toEqual(["report.pdf"]);
  });

  it("a criterion not filled in yet (no text, list or number) is ignored, not a filter that hides everything (issue 38)", () => {
    expect(applyFilters(all, [c({ value: "  " })], NOW)).toEqual(all);
    expect(applyFilters(all, [c({ operator: "in", value: [] })], NOW)).toEqual(all);
    expect(applyFilters(all, [c({ name: "size", type: "size", operator: "greater_than", value: "" })], NOW)).toEqual(all);
    expect(isBlankCriterion(c({ name: "isDuplicate", type: "status", operator: "equals", value: false }))).toBe(false);
    // A filled-in criterion beside a blank one still filters.
    expect(
      names(applyFilters(all, [c({ value: "" }), c({ name: "size", type: "size", operator: "less_than", value: 1000 })], NOW)),
    ).toEqual(["notes.txt"]);
  });

  it("size: greater_than / less_than / equals in bytes", () => {
    expect(names(applyFilters(all, [c({ name: "size", type: "size", operator: "greater_than", value: 10 * MB })], NOW))).toEqual([
      "report.pdf",
      "movie.mp4",
    ]);
    expect(names(applyFilters(all, [c({ name: "size", type: "size", operator: "less_than", value: 1000 })], NOW))).toEqual(["notes.txt"]);
    expect(names(applyFilters(all, [c({ name: "size", type: "size", operator: "equals", value: 200 })], NOW))).toEqual(["notes.txt"]);
  });

  it("date: age in days — older than, within the last, exactly", () => {
    expect(names(applyFilters(all, [c({ name: "modified", type: "date", operator: "greater_than", value: 180 })], NOW))).toEqual([
      "report.pdf",
      "movie.mp4",
    ]);
    expect(names(applyFilters(all, [c({ name: "modified", type: "date", operator: "less_than", value: 7 })], NOW))).toEqual([
      "Holiday copy.jpg",
      "notes.txt",
    ]);
    expect(names(applyFilters(all, [c({ name: "modified", type: "date", operator: "equals", value: 10 })], NOW))).toEqual(["Holiday.JPG"]);
  });

  it("status: duplicate means a copy, original the kept file; large, old, unused, unread", () => {
    const st = (name: string, value = true) => applyFilters(all, [c({ name, type: "status", operator: "equals", value })], NOW);
    expect(names(st("duplicate"))).toEqual(["Holiday copy.jpg"]);
    expect(names(st("original"))).toEqual(["Holiday.JPG"]);
    expect(names(st("large"))).toEqual(["movie.mp4"]);
    expect(names(st("old"))).toEqual(["report.pdf", "movie.mp4"]);
    expect(names(st("old", false))).toEqual(["Holiday.JPG", "Holiday copy.jpg", "notes.txt"]);
    const app = item({ name: "Chrome", isUnused: true });
    const mail = item({ name: "Hello", isUnread: true });
    expect(names(applyFilters([app, mail], [c({ name: "unused", type: "status", operator: "equals", value: true })], NOW))).toEqual([
      "Chrome",
    ]);
    expect(names(applyFilters([app, mail], [c({ name: "unread", type: "status", operator: "equals", value: "true" })], NOW))).toEqual([
      "Hello",
    ]);
  });

  it("category: equals / in", () => {
    expect(names(applyFilters(all, [c({ name: "category", type: "category", operator: "equals", value: "video" })], NOW))).toEqual([
      "movie.mp4",
    ]);
    expect(
      names(applyFilters(all, [c({ name: "category", type: "category", operator: "in", value: ["video", "document"] })], NOW)),
    ).toEqual(["report.pdf", "notes.txt", "movie.mp4"]);
  });

  it("criteria combine with AND; disabled criteria are ignored; none means everything", () => {
    const large = c({ name: "size", type: "size", operator: "greater_than", value: 5 * MB });
    const docs = c({ name: "category", type: "category", operator: "equals", value: "document" });
    expect(names(applyFilters(all, [large, docs], NOW))).toEqual(["report.pdf"]);
    expect(names(applyFilters(all, [large, { ...docs, enabled: false }], NOW))).toEqual([
      "Holiday.JPG",
      "Holiday copy.jpg",
      "report.pdf",
      "movie.mp4",
    ]);
    expect(applyFilters(all, [{ ...large, enabled: false }], NOW)).toHaveLength(all.length);
    expect(applyFilters(all, [], NOW)).toHaveLength(all.length);
  });

  it("an operator that does not fit the type, or an unknown field, matches nothing", () => {
    expect(matchesCriterion(report, c({ name: "size", type: "size", operator: "contains", value: 1 }), NOW)).toBe(false);
    expect(matchesCriterion(report, c({ name: "duplicate", type: "status", operator: "in", value: true }), NOW)).toBe(false);
    expect(matchesCriterion(report, c({ name: "owner", type: "text", operator: "contains", value: "a" }), NOW)).toBe(false);
    expect(matchesCriterion(report, c({ name: "size", type: "size", operator: "greater_than", value: "lots" }), NOW)).toBe(false);
  });
});

describe("presets (spec §9)", () => {
  const run = (tab: keyof typeof DEFAULT_PRESETS, id: string, items: FilterItem[]) =>
    names(applyFilters(items, DEFAULT_PRESETS[tab].find((p) => p.id === id)!.criteria, NOW));

  it("photos: large over 5 MB, last 30 days, duplicates", () => {
    const small = item({ name: "small.png", category: "photo", size: 5 * MB, modified: NOW - 40 * DAY });
    expect(run("photos", "photos-large", [holiday, holidayCopy, small])).toEqual(["Holiday.JPG", "Holiday copy.jpg"]);
    expect(run("photos", "photos-recent", [holiday, holidayCopy, small])).toEqual(["Holiday.JPG", "Holiday copy.jpg"]);
    expect(run("photos", "photos-duplicates", [holiday, holidayCopy, small])).toEqual(["Holiday copy.jpg"]);
  });

  it("files: over 10 MB, older than 180 days, documents pdf/doc/docx/txt", () => {
    const docx = item({ name: "cv.DOCX", modified: NOW - 181 * DAY });
    expect(run("files", "files-large", [report, notes, movie, docx])).toEqual(["report.pdf", "movie.mp4"]);
    expect(run("files", "files-old", [report, notes, movie, docx])).toEqual(["report.pdf", "movie.mp4", "cv.DOCX"]);
    expect(run("files", "files-documents", [report, notes, movie, docx])).toEqual(["report.pdf", "notes.txt", "cv.DOCX"]);
  });

  it("apps: unused 30+ days, over 100 MB; email: unread, older than 365 days", () => {
    const idle = item({ name: "Idle", modified: NOW - 30 * DAY, size: 101 * MB });
    const busy = item({ name: "Busy", modified: NOW - 29 * DAY, size: 100 * MB });
    expect(run("apps", "apps-unused", [idle, busy])).toEqual(["Idle"]);
    expect(run("apps", "apps-large", [idle, busy])).toEqual(["Idle"]);
    const oldUnread = item({ name: "Old", isUnread: true, modified: NOW - 366 * DAY });
    const fresh = item({ name: "Fresh", modified: NOW });
    expect(run("email", "email-unread", [oldUnread, fresh])).toEqual(["Old"]);
    expect(run("email", "email-old", [oldUnread, fresh])).toEqual(["Old"]);
  });

  it("every default preset is valid for the API schema, and at most 4 are quick presets", () => {
    expect(QUICK_PRESET_COUNT).toBe(4);
    for (const [tab, presets] of Object.entries(DEFAULT_PRESETS)) {
      for (const p of presets) {
        expect(
          CreateFilterPresetSchema.safeParse({ name: p.name, description: p.description, category: tab, criteria: p.criteria }).success,
        ).toBe(true);
      }
    }
  });

  it("the schema and the filter agree on which operators each type takes", () => {
    for (const [type, ops] of Object.entries(FILTER_TYPE_OPERATORS)) {
      const name = { text: "name", size: "size", date: "modified", status: "duplicate", category: "category" }[type];
      const value = { text: "a", size: 1, date: 1, status: true, category: "photo" }[type];
      for (const operator of ["equals", "contains", "greater_than", "less_than", "in"]) {
        const ok = FilterCriterionSchema.safeParse({
          name,
          type,
          operator,
          value: operator === "in" && type !== "status" ? [value] : value,
          enabled: true,
        }).success;
        expect(ok, `${type} ${operator}`).toBe(ops.includes(operator as never));
      }
    }
  });
});

describe("quick-select", () => {
  it("duplicates selects copies only — never the original", () => {
    const group = [
      item({ name: "a.jpg", duplicateGroup: 7, isOriginal: true }),
      item({ name: "b.jpg", duplicateGroup: 7, isOriginal: false }),
      item({ name: "c.jpg", duplicateGroup: 7, isOriginal: false }),
      item({ name: "d.jpg", duplicateGroup: null, isOriginal: false }),
    ];
    expect(names(quickSelect(group, "duplicates", "photos"))).toEqual(["b.jpg", "c.jpg"]);
    expect(quickSelect(group, "duplicates", "files").some((i) => i.isOriginal)).toBe(false);
  });

  it("large: photos over 5 MB, files by the scan's large flag, apps over 100 MB", () => {
    expect(names(quickSelect(all, "large", "photos"))).toEqual(["Holiday.JPG", "Holiday copy.jpg", "report.pdf", "movie.mp4"]);
    expect(names(quickSelect(all, "large", "files"))).toEqual(["movie.mp4"]);
    expect(names(quickSelect([item({ name: "Big", size: 101 * MB }), item({ name: "Small", size: MB })], "large", "apps"))).toEqual([
      "Big",
    ]);
  });

  it("old, unused and unread follow the item flags", () => {
    expect(names(quickSelect(all, "old", "files"))).toEqual(["report.pdf", "movie.mp4"]);
    expect(quickSelect([item({ name: "x", isUnused: true }), item({ name: "y" })], "unused", "apps")).toHaveLength(1);
    expect(quickSelect([item({ name: "x", isUnread: true }), item({ name: "y" })], "unread", "email")).toHaveLength(1);
  });
});

describe("query parameters", () => {
  it("accepts only photos, files, apps, email as the tab (default photos)", () => {
    expect(parseOrganizeTab("files")).toBe("files");
    expect(parseOrganizeTab("email")).toBe("email");
    expect(parseOrganizeTab("Files")).toBe("photos");
    expect(parseOrganizeTab(null)).toBe("photos");
    expect(parseOrganizeTab("__proto__")).toBe("photos");
  });

  it("accepts the five quick-selects only", () => {
    expect(parseQuickSelect("duplicates")).toBe("duplicates");
    expect(parseQuickSelect("unread")).toBe("unread");
    expect(parseQuickSelect("everything")).toBeNull();
    expect(parseQuickSelect(undefined)).toBeNull();
  });
});
