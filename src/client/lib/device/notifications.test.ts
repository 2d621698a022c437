import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_NOTIFICATION_ICON, notificationDelay, scheduleNotification } from "./notifications";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const Fake = Object.assign(
    function FakeNotification(this: unknown, title: string, options: NotificationOptions) {
      shown.push({ title, options });
    },
    { permission, requestPermission: vi.fn(() => Promise.resolve(answer)) },
  );
  vi.stubGlobal("Notification", Fake);
  return { shown, Fake };
}

describe("local notifications on the web (spec §6, §9)", () => {
  it("fires 1 s after the call without a time, else at the time", () => {
    expect(notificationDelay(undefined, 0)).toBe(1000);
    expect(notificationDelay(new Date(5000), 2000)).toBe(3000);
    expect(notificationDelay(new Date(1000), 2000)).toBe(0);
  });

  it("asks for permission first, then shows the notification with the 192 px icon", async () => {
    vi.useFakeTimers();
    const { shown, Fake } = stubNotification("default", "granted");
    expect(await scheduleNotification({ title: "Hi", body: "There", id: 7 })).toBe(true);
    expect(Fake.requestPermission).toHaveBeenCalledOnce();
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(shown).toEqual([{ title: "Hi", options: { body: "There", icon: DEFAULT_NOTIFICATION_ICON, tag: "7" } }]);
    expect(DEFAULT_NOTIFICATION_ICON).toBe("/icons/icon-192.png");
  });

  it("returns false and shows nothing when permission is denied or unsupported", async () => {
    const { shown } = stubNotification("default", "denied");
    expect(await scheduleNotification({ title: "Hi", body: "There" })).toBe(false);
    expect(shown).toEqual([]);
    vi.unstubAllGlobals();
    expect(await scheduleNotification({ title: "Hi", body: "There" })).toBe(false);
  });
});
