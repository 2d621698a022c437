import { afterEach, describe, expect, it, vi } from "vitest";
import { HAPTIC_MS, hapticStyleFor, impact, notify, setHapticsEnabled, triggerHaptic, vibrate } from "./haptics";

function stubVibrate(result = true) {
  const fn = vi.fn((_pattern: number | number[]) => result);
  vi.stubGlobal("navigator", { vibrate: fn });
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setHapticsEnabled(true);
});

describe("haptics (spec §9 web haptics)", () => {
  it("uses light 50, medium 100, heavy 200 ms", () => {
    expect(HAPTIC_MS).toEqual({ light: 50, medium: 100, heavy: 200 });
  });

  it("maps success and warning to medium, selection to light, error to heavy", () => {
    expect(hapticStyleFor("success")).toBe("medium");
    expect(hapticStyleFor("warning")).toBe("medium");
    expect(hapticStyleFor("selection")).toBe("light");
    expect(hapticStyleFor("error")).toBe("heavy");
  });

  it("vibrates for the style's duration, medium by default", () => {
    const fn = stubVibrate();
    expect(impact()).toBe(true);
    impact("heavy");
    notify("selection");
    notify("error");
    expect(fn.mock.calls.map((c) => c[0])).toEqual([100, 200, 50, 200]);
  });

  it("does nothing when the user turned haptic feedback off", async () => {
    const fn = stubVibrate();
    setHapticsEnabled(false);
    expect(impact("light")).toBe(false);
    expect(notify("success")).toBe(false);
    expect(await triggerHaptic("heavy")).toBe(false);
    expect(fn).not.toHaveBeenCalled();
  });

  it("returns false without the Vibration API and never throws", async () => {
    vi.stubGlobal("navigator", {});
    expect(vibrate(30)).toBe(false);
    expect(await triggerHaptic("light")).toBe(false);
    vi.stubGlobal("navigator", {
      vibrate: () => {
        throw new Error("blocked");
      },
    });
    expect(impact()).toBe(false);
  });
});
