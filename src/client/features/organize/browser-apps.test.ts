import { describe, expect, it } from "vitest";
import { webAppItems } from "./browser-apps";

const UA = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  unknownWebKit: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SomeShell/1.0 Safari/537.36",
};
const names = (ua: string, extra: Partial<Parameters<typeof webAppItems>[0]> = {}) =>
  webAppItems({ userAgent: ua, isStandalone: false, hasServiceWorker: false, nowMs: 1_000, ...extra }).map((a) => a.name);

describe("webAppItems (Apps tab on the web)", () => {
  it("lists no browser and no browser feature as an app (issue 38)", () => {
    expect(names(UA.chrome)).toEqual([]);
    expect(names(UA.safari, { hasServiceWorker: true })).toEqual([]);
    expect(names(UA.unknownWebKit)).toEqual([]);
  });

  it("lists this app when it runs installed, as a read-only app row", () => {
    const apps = webAppItems({ userAgent: UA.chrome, isStandalone: true, hasServiceWorker: true, nowMs: 1_000 });
    expect(apps.map((a) => [a.name, a.type])).toEqual([["CleanSpace", "system"]]);
    expect(apps.every((a) => a.kind === "app" && a.readOnly && a.size === 0 && a.modified === 1_000 && !a.isUnused)).toBe(true);
  });
});
