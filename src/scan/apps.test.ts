import { describe, expect, it } from "vitest";
import { browserAppName, countUnusedApps, detectApps } from "./apps";
import { EmailSetupRequiredError, connectEmail } from "./email";

const UA = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  safari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  iosChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
};

describe("browserAppName (spec §9)", () => {
  it.each([
    [UA.chrome, "Chrome"],
    [UA.edge, "Edge"],
    [UA.firefox, "Firefox"],
    [UA.safari, "Safari"],
    [UA.iosChrome, "Chrome"],
    [UA.headless, "Chrome"],
    ["curl/8.0", "Web browser"],
  ])("%s", (ua, name) => {
    expect(browserAppName(ua)).toBe(name);
  });
});

describe("detectApps (spec §3 Detected app)", () => {
  it("lists no browser or browser feature as an app: only this app, when it runs installed", () => {
    const apps = detectApps({ userAgent: UA.firefox, isStandalone: true, hasServiceWorker: true, nowMs: 5 });
    expect(apps).toEqual([{ name: "CleanSpace", isInstalled: true, category: "system", lastUsed: 5 }]);
    expect(detectApps({ userAgent: UA.safari, isStandalone: false, hasServiceWorker: true, nowMs: 5 })).toEqual([]);
  });
  it("counts apps unused for over 3 months", () => {
    const now = 200 * 86_400_000;
    const app = (lastUsed: number | null) => ({ name: "x", isInstalled: true, category: "system" as const, lastUsed });
    expect(countUnusedApps([app(now), app(now - 91 * 86_400_000), app(null)], now)).toBe(2);
  });
});

describe("connectEmail (spec §5)", () => {
  it("throws: Gmail needs an OAuth2 setup, Outlook a Microsoft Graph setup", () => {
    expect(() => connectEmail("gmail")).toThrow(/OAuth2 setup/);
    expect(() => connectEmail("outlook")).toThrow(/Microsoft Graph setup/);
    expect(() => connectEmail("gmail")).toThrow(EmailSetupRequiredError);
  });
});
