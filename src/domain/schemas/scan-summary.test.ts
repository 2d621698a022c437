import { describe, expect, it } from "vitest";
import { type ScanSummary, ScanSummarySchema } from "./scan-summary";
import { PHOTO_FINDINGS } from "../testing/photo-findings";

const zero = { count: 0, bytes: 0 };
const validSummary: ScanSummary = {
  schemaVersion: 1,
  categories: {
    photo: { count: 2, bytes: 300 },
    video: zero,
    audio: zero,
    document: { count: 1, bytes: 50 },
    archive: zero,
    application: zero,
    other: zero,
  },
  totalFiles: 3,
  totalBytes: 350,
  duplicateGroups: 1,
  duplicateFiles: 1,
  duplicateBytes: 150,
  largeFiles: 0,
  largeBytes: 0,
  oldFiles: 1,
  oldBytes: 50,
  emptyFiles: 0,
  skipped: 0,
  photosCount: 2,
  photosDuplicates: 1,
  appsCount: 0,
  appsUnused: 0,
  emailCount: 0,
  emailUnread: 0,
  metadataOnly: false,
  scannedAt: "2025-06-01T12:00:00.000Z",
};

describe("ScanSummarySchema", () => {
  it("accepts an aggregate", () => {
    expect(ScanSummarySchema.parse(validSummary)).toEqual(validSummary);
  });
  it("rejects a path smuggled into the only string field", () => {
    for (const scannedAt of ["/home/ann/Pictures/IMG_0001.jpg", "2025-06-01T12:00:00.000Z /home/ann", "C:\\Users\\ann", "2025-06-01"]) {
      expect(ScanSummarySchema.safeParse({ ...validSummary, scannedAt }).success).toBe(false);
    }
  });
  it("rejects extra fields at any level (no names, no paths)", () => {
    expect(ScanSummarySchema.safeParse({ ...validSummary, path: "/home/ann" }).success).toBe(false);
    expect(ScanSummarySchema.safeParse({ ...validSummary, largest: ["/home/ann/big.iso"] }).success).toBe(false);
    const categories = { ...validSummary.categories, photo: { count: 2, bytes: 300, names: ["a.jpg"] } };
    expect(ScanSummarySchema.safeParse({ ...validSummary, categories }).success).toBe(false);
  });
  it("rejects a string where a number belongs, negatives and fractions", () => {
    expect(ScanSummarySchema.safeParse({ ...validSummary, totalFiles: "/etc/passwd" }).success).toBe(false);
    expect(ScanSummarySchema.safeParse({ ...validSummary, skipped: -1 }).success).toBe(false);
    expect(ScanSummarySchema.safeParse({ ...validSummary, skipped: 1.5 }).success).toBe(false);
  });
  it("rejects totals that do not add up", () => {
    expect(ScanSummarySchema.safeParse({ ...validSummary, totalFiles: 4 }).success).toBe(false);
    expect(ScanSummarySchema.safeParse({ ...validSummary, totalBytes: 1 }).success).toBe(false);
    expect(ScanSummarySchema.safeParse({ ...validSummary, photosDuplicates: 3 }).success).toBe(false);
  });
  it("accepts photo findings that hold together, and nothing but counts and bytes in them (issue 19)", () => {
    const many = {
      ...validSummary,
      photosCount: 100,
      categories: { ...validSummary.categories, photo: { count: 100, bytes: 300 } },
      totalFiles: 101,
    };
    expect(ScanSummarySchema.safeParse({ ...many, photoFindings: PHOTO_FINDINGS }).success).toBe(true);
    const bad = (f: object) => ScanSummarySchema.safeParse({ ...many, photoFindings: { ...PHOTO_FINDINGS, ...f } }).success;
    expect(bad({ hash: "f0e1d2c3b4a59687" })).toBe(false);
    expect(bad({ oldScreenshots: 13 })).toBe(false);
    expect(bad({ proposed: 35 })).toBe(false);
    expect(bad({ analysed: 101 })).toBe(false);
    expect(bad({ blurryBytes: -1 })).toBe(false);
  });
});
