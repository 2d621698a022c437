import { describe, expect, it } from "vitest";
import { testCamera, testHaptic, testNotification, testShare } from "./demo-actions";

const photo = { dataUrl: "data:image/png;base64,AAAA", format: "png", size: 2048 };

describe("mobile demo toasts (spec §8)", () => {
  it("haptics: success names the style, failure is 'Haptic Error'", async () => {
    expect(await testHaptic("light", async () => true)).toEqual({
      title: "Haptic Feedback",
      description: "Light haptic feedback triggered",
    });
    const error = { title: "Haptic Error", description: "Failed to trigger haptic feedback", variant: "destructive" };
    expect(await testHaptic("heavy", async () => false)).toEqual(error);
    expect(await testHaptic("medium", () => Promise.reject(new Error("x")))).toEqual(error);
  });

  it("camera: unavailable, denied, failed, cancelled and captured", async () => {
    const unavailable = { title: "Camera Unavailable", description: "Camera not available on this device", variant: "destructive" };
    const deps = { supported: () => true, permission: async () => "granted" as const, capture: async () => photo };
    expect((await testCamera({ ...deps, supported: () => false })).toast).toEqual(unavailable);
    expect((await testCamera({ ...deps, permission: async () => "denied" as const })).toast).toEqual(unavailable);
    expect((await testCamera({ ...deps, capture: async () => null })).toast).toMatchObject({ title: "Camera Error" });
    const cancelled = await testCamera({ ...deps, capture: () => Promise.reject(new Error("User cancelled photos app")) });
    expect(cancelled.toast).toMatchObject({ title: "Camera Error", description: "User cancelled photos app" });
    const ok = await testCamera({ ...deps, permission: () => Promise.reject(new Error("Permissions API not available in this browser")) });
    expect(ok).toEqual({ toast: { title: "Photo Captured", description: "Photo size: 2.0 KB" }, photo });
  });

  it("notification: scheduled, 'Notification Failed', 'Notification Error'", async () => {
    expect((await testNotification(async () => true)).title).toBe("Notification Scheduled");
    expect(await testNotification(async () => false)).toEqual({
      title: "Notification Failed",
      description: "Unable to send notification",
      variant: "destructive",
    });
    expect(await testNotification(() => Promise.reject(new Error("boom")))).toMatchObject({
      title: "Notification Error",
      description: "boom",
    });
  });

  it("share: shared, 'Share Failed', 'Share Error'", async () => {
    expect((await testShare(async () => true, "https://x.test")).title).toBe("Shared");
    expect(await testShare(async () => false, "https://x.test")).toEqual({
      title: "Share Failed",
      description: "Unable to open share dialog",
      variant: "destructive",
    });
    expect(await testShare(() => Promise.reject(new Error("nope")), "")).toMatchObject({ title: "Share Error", description: "nope" });
  });
});
