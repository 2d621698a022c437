import { describe, expect, it } from "vitest";
import { PhotoFindingsSchema } from "../schemas/scan-summary";
import { buildPhotoFacts } from "../testing/grey-scenes";
import { analysePhotos } from "./analyse-photos";
import { summarizePhotoFindings } from "./summarize-photo-findings";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2025, 5, 1);

const facts = [
  // A burst: 1 is sharp, 2 blurry, 3 a smaller copy.
  buildPhotoFacts({ id: 1, hash: "f0f0f0f0f0f0f0f0", size: 4_000_000 }),
  buildPhotoFacts({ id: 2, hash: "f0f0f0f0f0f0f0f3", sharpness: 10, size: 3_000_000 }),
  buildPhotoFacts({ id: 3, hash: "f0f0f0f0f0f0f0f1", width: 1008, height: 756, size: 300_000 }),
  // Byte-identical copies 4 and 5 (4 older), near 6: the similar group sees 4 only.
  buildPhotoFacts({ id: 4, hash: "0123456789abcdef", exactGroup: 7, modified: now - 400 * DAY, size: 1_000 }),
  buildPhotoFacts({ id: 5, hash: "0123456789abcdef", exactGroup: 7, modified: now - 10 * DAY, size: 1_000 }),
  buildPhotoFacts({ id: 6, hash: "0123456789abcdee", width: 800, height: 600, size: 500 }),
  // Screenshots: one old, one recent; flat UI is never "blurry".
  buildPhotoFacts({
    id: 7,
    name: "Screenshot_1.png",
    format: "png",
    width: 1080,
    height: 2400,
    camera: false,
    sharpness: 1,
    hash: "aaaaaaaaaaaaaaaa",
    modified: now - 31 * DAY,
    size: 200,
  }),
  buildPhotoFacts({
    id: 8,
    name: "IMG_8.png",
    format: "png",
    width: 1170,
    height: 2532,
    camera: false,
    hash: "5555555555555555",
    modified: now - DAY,
    size: 300,
  }),
];

describe("analysePhotos", () => {
  const report = analysePhotos(facts, { nowMs: now, skipped: 2 });

  it("groups similar photos and proposes the best shot with a reason", () => {
    expect(report.similar).toEqual([
      { ids: [1, 2, 3], keepId: 1, reason: "Not blurry, highest resolution" },
      { ids: [4, 6], keepId: 4, reason: "Highest resolution" },
    ]);
  });

  it("reports exact copies apart, keeping the oldest", () => {
    expect(report.exact).toEqual([{ ids: [4, 5], keepId: 4, reason: "Oldest copy: the original" }]);
  });

  it("lists blurry photos, screenshots and old screenshots", () => {
    expect(report.blurry).toEqual([2]);
    expect(report.screenshots).toEqual([7, 8]);
    expect(report.oldScreenshots).toEqual([7]);
    expect(report.skipped).toBe(2);
  });

  it("summarises into counts and bytes that the schema accepts", () => {
    const findings = summarizePhotoFindings(report, facts);
    expect(findings).toEqual({
      analysed: 8,
      skipped: 2,
      similarGroups: 2,
      similarExtra: 3,
      similarExtraBytes: 3_000_000 + 300_000 + 500,
      blurry: 1,
      blurryBytes: 3_000_000,
      screenshots: 2,
      screenshotsBytes: 500,
      oldScreenshots: 1,
      oldScreenshotsBytes: 200,
      // Similar extras 2, 3, 6; blurry 2 (already counted); old screenshot 7.
      proposed: 4,
      proposedBytes: 3_000_000 + 300_000 + 500 + 200,
    });
    expect(PhotoFindingsSchema.parse(findings)).toEqual(findings);
  });

  it("is empty for no photos", () => {
    const empty = analysePhotos([], { nowMs: now, skipped: 0 });
    expect(empty).toEqual({ similar: [], exact: [], blurry: [], screenshots: [], oldScreenshots: [], skipped: 0 });
    expect(summarizePhotoFindings(empty, []).analysed).toBe(0);
  });
});
