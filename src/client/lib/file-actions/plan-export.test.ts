import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_KEEP_POLICY } from "../../../domain/keep-rules";
import { CleanupPlanSchema } from "../../../domain/schemas/cleanup-plan";
import type { ScanItem } from "../../../scan/types";
import { buildPlanOnDevice, pickedFiles, planFileName, sha256OfFile } from "./plan-export";

const picked = (path: string, text: string, lastModified: number) => {
  const file = new File([text], path.split("/").pop()!, { lastModified });
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
};
const scanItem = (id: number, path: string, size: number, modified: number, duplicateGroup: number | null): ScanItem => ({
  id,
  path,
  name: path.split("/").pop()!,
  size,
  type: "",
  category: "other",
  modified,
  isLarge: false,
  isOld: false,
  duplicateGroup,
  isOriginal: false,
});

describe("plan export on the device", () => {
  it("hashes with SHA-256 exactly as the CLI does", async () => {
    const bytes = "x".repeat(3 * 1024 * 1024 + 7);
    expect(await sha256OfFile(new Blob([bytes]))).toBe(`sha256:${createHash("sha256").update(bytes).digest("hex")}`);
  });

  it("maps re-picked files to the scan (with or without the folder's name in front) and leaves out changed ones", async () => {
    const files = [
      picked("Pics/a.txt", "same", 1),
      picked("Pics/b/a.txt", "same", 2),
      picked("Pics/c.txt", "same!", 3),
      picked("Pics/d.txt", "same", 4),
    ];
    // A scan of picked files: paths carry "Pics/". c.txt grew since the scan.
    const items = [
      scanItem(1, "Pics/a.txt", 4, 1, 1),
      scanItem(2, "Pics/b/a.txt", 4, 2, 1),
      scanItem(3, "Pics/c.txt", 4, 3, 1),
      scanItem(4, "Pics/unique", 9, 1, null),
    ];
    const built = await buildPlanOnDevice(items, pickedFiles(files), DEFAULT_KEEP_POLICY);
    expect(built.missing).toBe(1);
    expect(CleanupPlanSchema.parse(built.plan).rootName).toBe("Pics");
    expect(built.plan.actions.map((a) => [a.file.path, a.keep?.path])).toEqual([["b/a.txt", "a.txt"]]);
    // A scan of the folder itself: paths without the name.
    const again = await buildPlanOnDevice(
      [scanItem(1, "a.txt", 4, 1, 1), scanItem(2, "d.txt", 4, 4, 1)],
      pickedFiles(files),
      DEFAULT_KEEP_POLICY,
    );
    expect(again.plan.actions.map((a) => a.file.path)).toEqual(["d.txt"]);
  });

  it("names the download safely", () => {
    expect(planFileName("My Photos/..", new Date("2026-11-24T01:00:00Z"))).toBe("cleanspace-plan-My-Photos-..-2026-11-24.json");
    expect(planFileName("", new Date("2026-11-24T01:00:00Z"))).toBe("cleanspace-plan-folder-2026-11-24.json");
  });
});
