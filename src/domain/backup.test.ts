import { describe, expect, it } from "vitest";
import { buildSummary } from "./testing/build-summary";
import { backupSize, estimateBackupGb, EXPORT_OPTIONS, exportFileName, REQUIRES_PRO, scanIndexCsv, type IndexItem } from "./backup";
import { toCsv } from "./csv";
import { BackupFileSchema } from "./schemas/backup-file";

describe("backup estimate (spec §9: photos x 2.1 MB plus files x 5.2 MB, in GB)", () => {
  it("computes the spec's figure", () => {
    expect(estimateBackupGb(0, 0)).toBe(0);
    expect(estimateBackupGb(1000, 0)).toBe(2.1);
    expect(estimateBackupGb(0, 1000)).toBe(5.2);
    // 1234 x 2.1 MB + 566 x 5.2 MB = 2591.4 MB + 2943.2 MB = 5.5346 GB
    expect(estimateBackupGb(1234, 566)).toBe(5.53);
    // Issue 16: the scan's real bytes win; the estimate only stands in without a byte count.
    expect(backupSize({ photosCount: 1000, filesCount: 1000, totalBytes: 123_456 })).toEqual({ bytes: 123_456, basis: "scan" });
    expect(backupSize({ photosCount: 1000, filesCount: 0, totalBytes: 0 })).toEqual({ bytes: 2_100_000_000, basis: "estimate" });
  });
});

describe("export options (spec §3, §6)", () => {
  it("marks photos backup, files archive, email summary and full export as requiring a signed-in Pro user", () => {
    expect([...REQUIRES_PRO].sort()).toEqual(["email-summary", "files-archive", "full-export", "photos-backup"]);
    expect(EXPORT_OPTIONS.every((o) => ["reports", "backup", "data"].includes(o.category))).toBe(true);
  });

  it("names the backup file cleanspace-backup-YYYY-MM-DD.json", () => {
    expect(exportFileName.backup("2026-11-23")).toBe("cleanspace-backup-2026-11-23.json");
  });
});

describe("CSV", () => {
  it("writes the scan index with a header and CRLF rows", () => {
    const items: IndexItem[] = [
      {
        id: 1,
        path: "Photos/a, b.jpg",
        name: "a, b.jpg",
        size: 2048,
        type: "image/jpeg",
        category: "photo",
        modified: Date.UTC(2026, 0, 2),
        isLarge: false,
        isOld: true,
        duplicateGroup: 3,
        isOriginal: true,
        width: 640,
        height: 480,
      },
      {
        id: 2,
        path: "Docs/report.pdf",
        name: "report.pdf",
        size: 10,
        type: "",
        category: "document",
        modified: Date.UTC(2026, 5, 1),
        isLarge: false,
        isOld: false,
        duplicateGroup: null,
        isOriginal: false,
      },
    ];
    expect(scanIndexCsv(items)).toBe(
      "path,name,category,size_bytes,type,modified,large,old,duplicate_group,original,width,height\r\n" +
        '"Photos/a, b.jpg","a, b.jpg",photo,2048,image/jpeg,2026-01-02T00:00:00.000Z,false,true,3,true,640,480\r\n' +
        "Docs/report.pdf,report.pdf,document,10,,2026-06-01T00:00:00.000Z,false,false,,,,\r\n",
    );
    expect(toCsv(["a"], [])).toBe("a\r\n");
  });
});

describe("BackupFileSchema", () => {
  const account = {
    format: "cleanspace-account-export",
    version: 1,
    exportedAt: "2026-11-23T10:00:00.000Z",
    account: {
      id: 1,
      name: "Ann",
      email: "ann@example.com",
      onboardingCompleted: false,
      subscriptionStatus: "trial",
      subscriptionPlan: "monthly",
      trialEndsAt: null,
      createdAt: "2026-11-01T10:00:00.000Z",
    },
    settings: {
      notifications: true,
      autoClean: false,
      dailyTips: true,
      soundEffects: true,
      hapticFeedback: true,
      darkMode: true,
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
    filterPresets: [],
    exportHistory: [],
  };
  const item = {
    id: 1,
    path: "a.jpg",
    name: "a.jpg",
    size: 1,
    type: "image/jpeg",
    category: "photo",
    modified: 0,
    isLarge: false,
    isOld: false,
    duplicateGroup: null,
    isOriginal: false,
  };
  const file = (over: Record<string, unknown> = {}) => ({
    format: "cleanspace-backup",
    version: 1,
    createdAt: "2026-11-23T10:00:00.000Z",
    account,
    scanIndex: null,
    ...over,
  });

  it("accepts a well-formed backup, with or without a scan index", () => {
    expect(BackupFileSchema.safeParse(file()).success).toBe(true);
    const scanIndex = { summary: buildSummary(), scannedAt: "2026-11-20T10:00:00.000Z", duplicates: [], items: [item] };
    expect(BackupFileSchema.safeParse(file({ scanIndex })).success).toBe(true);
  });

  it("refuses other files, other versions, unknown fields and inconsistent indexes", () => {
    expect(BackupFileSchema.safeParse({ hello: 1 }).success).toBe(false);
    expect(BackupFileSchema.safeParse(file({ version: 2 })).success).toBe(false);
    expect(BackupFileSchema.safeParse(file({ extra: true })).success).toBe(false);
    const dupIds = { summary: buildSummary(), scannedAt: "x", duplicates: [], items: [item, item] };
    expect(BackupFileSchema.safeParse(file({ scanIndex: dupIds })).success).toBe(false);
    const badGroup = {
      summary: buildSummary(),
      scannedAt: "x",
      duplicates: [{ id: 1, size: 1, itemIds: [1, 9], originalId: 1, wastedBytes: 1, possible: false }],
      items: [item],
    };
    expect(BackupFileSchema.safeParse(file({ scanIndex: badGroup })).success).toBe(false);
  });
});
