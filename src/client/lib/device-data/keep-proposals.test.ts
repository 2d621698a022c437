import { describe, expect, it } from "vitest";
import type { ScanItem } from "../../../scan/types";
import { applyKeepPolicy } from "./keep-proposals";

const item = (id: number, path: string, modified: number, duplicateGroup: number | null = 1): ScanItem => ({
  id,
  path,
  name: path.split("/").pop()!,
  size: 10,
  type: "image/png",
  category: "photo",
  modified,
  isLarge: false,
  isOld: false,
  duplicateGroup,
  isOriginal: false,
});

describe("applyKeepPolicy", () => {
  const items = [item(1, "Backup/a.png", 1), item(2, "Photos/a.png", 2), item(3, "Downloads/a.png", 3), item(4, "solo.png", 4, null)];

  it("re-marks the original by the user's rules and gives each copy its reason", () => {
    const out = applyKeepPolicy(items, { rules: [{ kind: "inside", folder: "Photos" }], protectedFolders: [] });
    expect(out.filter((i) => i.isOriginal).map((i) => i.path)).toEqual(["Photos/a.png"]);
    expect(out.find((i) => i.id === 3)!.keepReason).toBe(
      "Copy of “Photos/a.png”, which is kept because it is inside your preferred folder “Photos”",
    );
    expect(out.find((i) => i.id === 4)!.keepReason).toBeUndefined();
  });

  it("never proposes a protected copy", () => {
    const out = applyKeepPolicy(items, { rules: [{ kind: "oldest" }], protectedFolders: ["Downloads", "Photos"] });
    expect(out.filter((i) => !i.isOriginal && i.duplicateGroup !== null).map((i) => i.path)).toEqual(["Backup/a.png"]);
    expect(out.find((i) => i.id === 3)!.keepAction).toBe("leave");
  });
});

describe("Auto Clean follows the keep-rules", () => {
  it("never picks a protected copy", async () => {
    const { autoCleanCopies } = await import("../file-actions/auto-clean");
    const items = [item(1, "Backup/a.png", 1), item(2, "Photos/a.png", 2), item(3, "Downloads/a.png", 3)];
    const index = { items, duplicates: [], scannedAt: "", summary: { metadataOnly: false } } as never;
    expect(autoCleanCopies(index, "all", { rules: [{ kind: "oldest" }], protectedFolders: [] }).map((i) => i.id)).toEqual([2, 3]);
    expect(autoCleanCopies(index, "all", { rules: [{ kind: "oldest" }], protectedFolders: ["Downloads"] }).map((i) => i.id)).toEqual([
      1, 2,
    ]);
  });
});
