import { describe, expect, it } from "vitest";
import { runScan } from "../run-scan";
import { createFileListSource } from "./file-list";

/** A File as a folder input gives it: webkitRelativePath starts with the picked folder's name. */
function picked(path: string, text: string): File {
  const file = new File([text], path.split("/").pop()!, { type: "text/plain", lastModified: 1_700_000_000_000 });
  Object.defineProperty(file, "webkitRelativePath", { value: path });
  return file;
}

describe("createFileListSource", () => {
  it("leaves out what a picked folder holds in the CleanSpace trash (issue 16)", async () => {
    const files = [
      picked("Pictures/a.txt", "same"),
      picked("Pictures/.cleanspace-trash/2026-11-23/a.txt", "same"),
      picked("Pictures/sub/.cleanspace-trash/2026-11-23/b.txt", "same"),
      picked("Pictures/.cleanspace-trash.txt", "other"),
    ];
    const result = await runScan(createFileListSource(files), { now: 1_800_000_000_000 });
    expect(result.items.map((i) => i.path).sort()).toEqual(["Pictures/.cleanspace-trash.txt", "Pictures/a.txt"]);
    expect(result.duplicates).toHaveLength(0);
  });
});
