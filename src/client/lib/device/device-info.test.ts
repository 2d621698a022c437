import { describe, expect, it, vi } from "vitest";
import { getWebDeviceInfo, isIOSUserAgent, type WebEnvironment } from "./device-info";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

function env(nav: Partial<WebEnvironment["navigator"]>, win: Record<string, unknown> = {}, standalone = false): WebEnvironment {
  return {
    navigator: { userAgent: "", ...nav },
    window: { matchMedia: (q: string) => ({ matches: standalone && q === "(display-mode: standalone)" }), ...win },
  };
}

describe("getWebDeviceInfo (spec §3 device info)", () => {
  it("describes a desktop browser that supports nothing special", async () => {
    const info = await getWebDeviceInfo(env({ userAgent: "Mozilla/5.0 (X11; Linux x86_64)" }));
    expect(info).toEqual({
      platform: "web",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      isStandalone: false,
      isIOS: false,
      isAndroid: false,
      isNative: false,
      supportsInstall: false,
      supportsNotifications: false,
      supportsVibration: false,
      supportsShare: false,
      supportsFileSystem: false,
      supportsCamera: false,
      battery: null,
    });
  });

  it("reads Android Chrome's features and battery (level 0..1, charging)", async () => {
    const info = await getWebDeviceInfo(
      env(
        {
          userAgent: ANDROID,
          vibrate: () => true,
          share: () => Promise.resolve(),
          mediaDevices: { getUserMedia: () => undefined },
          getBattery: () => Promise.resolve({ level: 0.42, charging: true }),
        },
        { Notification: class {}, onbeforeinstallprompt: null, showDirectoryPicker: () => undefined },
      ),
    );
    expect(info).toMatchObject({
      isAndroid: true,
      isIOS: false,
      supportsInstall: true,
      supportsNotifications: true,
      supportsVibration: true,
      supportsShare: true,
      supportsFileSystem: true,
      supportsCamera: true,
      battery: { level: 0.42, charging: true },
    });
  });

  it("detects iOS, including iPadOS posing as a Mac, and its home-screen mode", async () => {
    expect(isIOSUserAgent(IPHONE)).toBe(true);
    expect(isIOSUserAgent("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "MacIntel", 5)).toBe(true);
    expect(isIOSUserAgent("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", "MacIntel", 0)).toBe(false);
    const browser = await getWebDeviceInfo(env({ userAgent: IPHONE }));
    expect(browser).toMatchObject({ isIOS: true, isStandalone: false, supportsInstall: true });
    const homeScreen = await getWebDeviceInfo(env({ userAgent: IPHONE, standalone: true }));
    expect(homeScreen).toMatchObject({ isStandalone: true, supportsInstall: false });
  });

  it("reports display-mode standalone and a broken battery API as no battery", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const info = await getWebDeviceInfo(env({ userAgent: ANDROID, getBattery: () => Promise.reject(new Error("nope")) }, {}, true));
    expect(info.isStandalone).toBe(true);
    expect(info.battery).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("reading the battery"), expect.any(Error));
  });
});
