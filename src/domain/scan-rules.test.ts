import { describe, expect, it } from "vitest";
import {
  LARGE_FILE_BYTES,
  OLD_FILE_AGE_MS,
  SCAN_STAGES,
  categorize,
  categoryFromMime,
  compareOriginal,
  fileExtension,
  isLargeFile,
  isInTrash,
  isOldFile,
  TRASH_DIR,
  stageProgress,
} from "./scan-rules";

describe("stageProgress (spec §4: position / 5)", () => {
  it("runs from 20% to 100% in stage order", () => {
    expect(SCAN_STAGES.map(stageProgress)).toEqual([0.2, 0.4, 0.6, 0.8, 1, 1]);
  });
});

describe("large and old (spec §9)", () => {
  it("large means over 100 MiB", () => {
    expect(LARGE_FILE_BYTES).toBe(104_857_600);
    expect(isLargeFile(LARGE_FILE_BYTES)).toBe(false);
    expect(isLargeFile(LARGE_FILE_BYTES + 1)).toBe(true);
  });
  it("old means modified more than 183 days before now", () => {
    const now = Date.UTC(2025, 6, 1);
    expect(isOldFile(now - OLD_FILE_AGE_MS, now)).toBe(false);
    expect(isOldFile(now - OLD_FILE_AGE_MS - 1, now)).toBe(true);
    expect(isOldFile(now - 175 * 86_400_000, now)).toBe(false);
    expect(isOldFile(now - 191 * 86_400_000, now)).toBe(true);
  });
});

describe("categorize (spec §5: MIME first, then .exe/.app)", () => {
  it.each([
    ["image/jpeg", "a.bin", "photo"],
    ["video/mp4", "a", "video"],
    ["audio/mpeg", "a", "audio"],
    ["application/pdf", "a", "document"],
    ["text/plain", "a", "document"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a", "document"],
    ["application/epub+zip", "a", "document"],
    ["application/zip", "a", "archive"],
    ["application/x-7z-compressed", "a", "archive"],
    ["application/x-msdownload", "setup.exe", "application"],
    ["", "Tool.app", "application"],
    ["", "SETUP.EXE", "application"],
    ["", "notes", "other"],
    ["application/octet-stream", "blob.dat", "other"],
  ] as const)("%s %s → %s", (mime, name, category) => {
    expect(categorize(mime, name)).toBe(category);
  });
  it("lets the MIME type win over the extension", () => {
    expect(categorize("image/png", "installer.exe")).toBe("photo");
    expect(categoryFromMime("")).toBeNull();
  });
  it("reads extensions case-insensitively, not from dot-files", () => {
    expect(fileExtension("IMG.JPG")).toBe("jpg");
    expect(fileExtension(".bashrc")).toBe("");
    expect(fileExtension("trailing.")).toBe("");
  });
});

describe("compareOriginal", () => {
  const pick = (list: { modified: number; path: string }[]) => [...list].sort(compareOriginal)[0]?.path;
  it("keeps the oldest, then the shortest path, then code-unit order", () => {
    expect(
      pick([
        { modified: 2, path: "a" },
        { modified: 1, path: "zzzz/long" },
      ]),
    ).toBe("zzzz/long");
    expect(
      pick([
        { modified: 1, path: "b/long" },
        { modified: 1, path: "c/x" },
      ]),
    ).toBe("c/x");
    expect(
      pick([
        { modified: 1, path: "b/x" },
        { modified: 1, path: "B/x" },
        { modified: 1, path: "a/x" },
      ]),
    ).toBe("B/x");
  });
});

describe("isInTrash (issue 16: scans skip the CleanSpace trash)", () => {
  it("is true for a file below the trash folder, at any depth", () => {
    expect(isInTrash(".cleanspace-trash/2026-11-23/a.jpg")).toBe(true);
    expect(isInTrash("Pictures/.cleanspace-trash/2026-11-23/a.jpg")).toBe(true);
    expect(isInTrash(TRASH_DIR)).toBe(true);
  });
  it("is false for look-alike names and ordinary files", () => {
    expect(isInTrash("Pictures/.cleanspace-trash.jpg")).toBe(false);
    expect(isInTrash("a/.cleanspace-trash-old/b.jpg")).toBe(false);
    expect(isInTrash("a/b.jpg")).toBe(false);
  });
});
