import { afterEach, describe, expect, it, vi } from "vitest";
import { deleteFile, readFile, writeFile } from "./filesystem";
import { getPreference, removePreference, setPreference } from "./preferences";
import { DEFAULT_SHARE_TITLE, share } from "./share";

afterEach(() => vi.unstubAllGlobals());

describe("web fallbacks (spec §7)", () => {
  it("file write, read and delete do nothing on the web", async () => {
    expect(await writeFile("a.txt", "x")).toBe(false);
    expect(await readFile("a.txt")).toBeNull();
    expect(await deleteFile("a.txt")).toBe(false);
  });

  it("keeps preferences in localStorage", async () => {
    const data = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    });
    expect(await setPreference("k", "v")).toBe(true);
    expect(await getPreference("k")).toBe("v");
    expect(await removePreference("k")).toBe(true);
    expect(await getPreference("k")).toBeNull();
  });

  it("shares through the Web Share API without the native dialog title", async () => {
    expect(DEFAULT_SHARE_TITLE).toBe("Share");
    const fn = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { share: fn });
    expect(await share({ title: "CleanSpace", url: "https://example.test" })).toBe(true);
    expect(fn).toHaveBeenCalledWith({ title: "CleanSpace", url: "https://example.test" });
  });

  it("reports false when sharing is missing or cancelled", async () => {
    vi.stubGlobal("navigator", {});
    expect(await share({ text: "x" })).toBe(false);
    vi.stubGlobal("navigator", { share: () => Promise.reject(new DOMException("cancelled", "AbortError")) });
    expect(await share({ text: "x" })).toBe(false);
  });
});
