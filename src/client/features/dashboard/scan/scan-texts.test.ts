import { afterEach, describe, expect, it, vi } from "vitest";
import { checkPermissions } from "./permissions";
import { saveAndTell, SCAN_NOT_SAVED, SCAN_SAVED, scanFoundNotice } from "../../../lib/scan-notice";

describe("spec §8 scan texts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names what a scan kept on the device found, by source", () => {
    expect(scanFoundNotice([new File(["a"], "a.txt")], 12)).toEqual({ title: "Files Analyzed", description: "Analyzed 12 selected files" });
    expect(scanFoundNotice({ kind: "directory", name: "Pictures" } as unknown as FileSystemDirectoryHandle, 7)).toEqual({
      title: "Directory Scanned",
      description: "Found 7 files in selected directory",
    });
  });

  it("says 'saved' only when the server saved the scan", async () => {
    const files = [new File(["a"], "a.txt")];
    expect(await saveAndTell(null, () => Promise.resolve(), files, 3)).toEqual({
      title: "Files Analyzed",
      description: "Analyzed 3 selected files",
    });
    expect(await saveAndTell(7, () => Promise.resolve(), files, 3)).toEqual(SCAN_SAVED);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await saveAndTell(7, () => Promise.reject(new Error("500: down")), files, 3)).toEqual(SCAN_NOT_SAVED);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("says 'Failed to check permissions' when the browser refuses to tell", () => {
    vi.stubGlobal("Notification", {
      get permission(): string {
        throw new Error("blocked");
      },
    });
    expect(checkPermissions()).toEqual({
      permissions: { files: false, photos: false, apps: false, email: false, notifications: false },
      error: "Failed to check permissions",
    });
    vi.stubGlobal("Notification", { permission: "granted" });
    expect(checkPermissions()).toMatchObject({ permissions: { files: true, notifications: true }, error: null });
  });
});
