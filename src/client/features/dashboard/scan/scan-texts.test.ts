import { afterEach, describe, expect, it, vi } from "vitest";
import { checkPermissions } from "./permissions";
import { scanFoundNotice } from "./use-real-scan";

describe("spec §8 scan texts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names what a scan kept on the device found, by source", () => {
    expect(scanFoundNotice([new File(["a"], "a.txt")], 12)).toEqual({ title: "Files Analyzed", description: "Analyzed 12 selected files" });
    expect(scanFoundNotice({ kind: "directory", name: "Pictures" } as unknown as FileSystemDirectoryHandle, 7)).toEqual({
      title: "Directory Scanned",
      description: "Found 7 files in selected directory",
    });
  });

  it("says 'Failed to check permissions' when the browser refuses to tell", () => {
    vi.stubGlobal("Notification", {
      get permission(): string {
        throw new Error("blocked");
      },
    });
    expect(checkPermissions()).toEqual({ permissions: { files: false, photos: false, apps: false, email: false, notifications: false }, error: "Failed to check permissions" });
    vi.stubGlobal("Notification", { permission: "granted" });
    expect(checkPermissions()).toMatchObject({ permissions: { files: true, notifications: true }, error: null });
  });
});
