import { describe, expect, it } from "vitest";
import { getPlatform, isNativePlatform } from "./platform";

describe("platform (Capacitor's native test)", () => {
  it("is web without a native bridge", () => {
    expect(getPlatform(undefined)).toBe("web");
    expect(getPlatform({})).toBe("web");
    expect(isNativePlatform({ Capacitor: { getPlatform: () => "web", isNativePlatform: () => false } })).toBe(false);
  });

  it("is native inside the iOS and Android shells", () => {
    expect(getPlatform({ Capacitor: { getPlatform: () => "ios" } })).toBe("ios");
    expect(getPlatform({ androidBridge: {} })).toBe("android");
    expect(getPlatform({ webkit: { messageHandlers: { bridge: {} } } })).toBe("ios");
    expect(isNativePlatform({ androidBridge: {} })).toBe(true);
  });
});
