import { describe, expect, it } from "vitest";
import { BackupFileError, buildBackupFile, parseBackupFile } from "./backup-file";
import { buildSummary } from "./testing/insights-fixture";
import type { AccountExport } from "../../../domain/schemas/export";
import type { StoredScanIndex } from "../../../scan/index-store";

const account: AccountExport = {
  format: "cleanspace-account-export",
  version: 1,
  exportedAt: "2026-05-20T10:00:00.000Z",
  account: {
    id: 7,
    name: "Ada",
    email: "ada@example.com",
    onboardingCompleted: true,
    subscriptionStatus: "trial",
    subscriptionPlan: null,
    trialEndsAt: null,
    createdAt: "2026-05-01T10:00:00.000Z",
  },
  settings: {
    notifications: true,
    autoClean: false,
    dailyTips: true,
    soundEffects: true,
    hapticFeedback: true,
    darkMode: false,
    metadataOnlyScan: false,
    primaryGoal: "storage",
    dataTypes: [],
    timezone: "UTC",
    dismissedSuggestions: [],
  },
  aggregates: null,
  snapshots: [],
  events: [],
  streak: { currentStreak: 0, longestStreak: 0, lastActiveDate: null, streakHistory: [] },
  filterPresets: [
    {
      name: "Old",
      description: "",
      category: "files",
      criteria: [{ name: "modified", type: "date", operator: "greater_than", value: 180, enabled: true }],
      createdAt: "2026-05-02T10:00:00.000Z",
    },
  ],
  exportHistory: [],
};

// An index saved before issue 24 carries each file's handle; the archive must not.
const legacyItem = {
  id: 1,
  path: "a.png",
  name: "a.png",
  size: 2_000_000,
  type: "image/png",
  category: "photo" as const,
  modified: 1,
  isLarge: false,
  isOld: false,
  duplicateGroup: null,
  isOriginal: false,
  width: 4,
  handle: {} as FileSystemFileHandle,
};

const index = {
  summary: buildSummary({
    photos: 1,
    docs: 0,
    duplicateGroups: 0,
    duplicateFiles: 0,
    duplicateBytes: 0,
    photosDuplicates: 0,
    largeFiles: 0,
    largeBytes: 0,
    oldFiles: 0,
    oldBytes: 0,
  }),
  scannedAt: "2026-05-20T10:00:00.000Z",
  duplicates: [],
  items: [legacyItem],
} satisfies StoredScanIndex;

describe("backup file", () => {
  it("round-trips: what Backup writes, Restore reads", () => {
    const file = buildBackupFile(account, index, new Date("2026-05-20T11:00:00.000Z"));
    expect(file.scanIndex?.items[0]).toEqual({
      id: 1,
      path: "a.png",
      name: "a.png",
      size: 2_000_000,
      type: "image/png",
      category: "photo",
      modified: 1,
      isLarge: false,
      isOld: false,
      duplicateGroup: null,
      isOriginal: false,
      width: 4,
    });
    const plan = parseBackupFile(JSON.stringify(file), 7);
    expect(plan.itemCount).toBe(1);
    expect(plan.server.settings.timezone).toBe("UTC");
    expect(plan.server.filterPresets).toEqual([
      { name: "Old", description: "", category: "files", criteria: account.filterPresets[0]!.criteria },
    ]);
  });

  it("writes a backup without a scan index when this device has none", () => {
    expect(parseBackupFile(JSON.stringify(buildBackupFile(account, null)), 7).itemCount).toBe(0);
  });

  it.each([
    ["not JSON", "{", /not valid JSON/],
    ["another format", JSON.stringify({ format: "other" }), /not a CleanSpace backup file/],
    [
      "a damaged file",
      JSON.stringify({ format: "cleanspace-backup", version: 2 }),
      /^This backup file is damaged, was edited, or comes from a newer version of CleanSpace\. Nothing was restored\./,
    ],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseBackupFile(text, 7)).toThrow(BackupFileError);
    expect(() => parseBackupFile(text, 7)).toThrow(message);
  });

  it("refuses another account's backup and invalid presets", () => {
    const file = buildBackupFile(account, null);
    expect(() => parseBackupFile(JSON.stringify(file), 8)).toThrow(/belongs to another account/);
    const bad = { ...file, account: { ...file.account, filterPresets: [{ ...account.filterPresets[0]!, criteria: [] }] } };
    expect(() => parseBackupFile(JSON.stringify(bad), 7)).toThrow(
      /^This backup's settings or saved filters are damaged, so nothing was restored\./,
    );
  });
});
