import { describe, expect, it } from "vitest";
import { webAppItems } from "./browser-apps";

const UA = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  safari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  opera: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
  unknownWebKit: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SomeShell/1.0 Safari/537.36",
};
const names = (ua: string, extra: Partial<Parameters<typeof webAppItems>[0]> = {}) =>
  webAppItems({ userAgent: ua, isStandalone: false, hasServiceWorker: false, nowMs: 1_000, ...extra }).map((a) => a.name);

describe("webAppItems (Apps tab on the web)", () => {
  it("names the browser in use", () => {
    expect(names(UA.chrome)).toEqual(["Chrome"]);
    expect(names(UA.safari)).toEqual(["Safari"]);
  });

  it("never calls an agent it does not know Safari because of its Safari/ token", () => {
    expect(names(UA.unknownWebKit)).toEqual(["Web browser"]);
    expect(names(UA.opera)).toEqual(["Web browser"]);
  });

  it("adds Service Worker support and the installed app, as read-only app rows", () => {
    const apps = webAppItems({ userAgent: UA.chrome, isStandalone: true, hasServiceWorker: true, nowMs: 1_000 });
    expect(apps.map((a) => [a.name, a.type])).toEqual([
      ["Chrome", "browser"],
      ["Service Worker", "system"],
      ["CleanSpace", "system"],
    ]);
    expect(apps.every((a) => a.kind === "app" && a.readOnly && a.size === 0 && a.modified === 1_000 && !a.isUnused)).toBe(true);
    expect(new Set(apps.map((a) => a.id)).size).toBe(3);
  });
});
