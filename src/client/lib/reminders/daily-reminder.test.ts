import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REMINDER_TITLE } from "../../../domain/reminders";
import { getReminderMode, REMINDER_TAG, syncDailyReminder } from "./daily-reminder";

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: string[] = [];
  const Fake = Object.assign(
    function FakeNotification(this: unknown, title: string) {
      shown.push(title);
    },
    { permission, requestPermission: vi.fn(() => Promise.resolve(answer)) },
  );
  vi.stubGlobal("Notification", Fake);
  return { shown, Fake };
}

/** A service worker registration, optionally with periodic background sync granted. */
function stubServiceWorker(periodicSync: "granted" | "denied" | "absent") {
  const registered: string[] = [];
  const shown: string[] = [];
  const registration = {
    showNotification: vi.fn(async (title: string) => void shown.push(title)),
    ...(periodicSync === "absent"
      ? {}
      : { periodicSync: { register: vi.fn(async (tag: string) => void registered.push(tag)), unregister: vi.fn(async () => {}) } }),
  };
  vi.stubGlobal("navigator", {
    serviceWorker: { getRegistration: async () => registration },
    permissions: { query: async () => ({ state: periodicSync === "granted" ? "granted" : "denied" }) },
  });
  return { registered, shown, registration };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2030, 0, 7, 18, 0, 0));
  vi.stubGlobal("navigator", {});
});

afterEach(async () => {
  await syncDailyReminder(false, { ask: false });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("syncDailyReminder on the web", () => {
  it("says so where the browser has no notifications", async () => {
    expect(await syncDailyReminder(true, { ask: true })).toBe("unsupported");
  });

  it("never prompts at start-up, only for a tap", async () => {
    const { Fake } = stubNotification("default", "granted");
    expect(await syncDailyReminder(true, { ask: false })).toBe("needs-permission");
    expect(Fake.requestPermission).not.toHaveBeenCalled();
    expect(await syncDailyReminder(true, { ask: true })).toBe("while-open");
    expect(Fake.requestPermission).toHaveBeenCalledOnce();
  });

  it("reports blocked when permission is denied", async () => {
    stubNotification("denied");
    expect(await syncDailyReminder(true, { ask: true })).toBe("blocked");
  });

  it("while open: shows the reminder at 19:00 each day, and off stops it", async () => {
    const { shown } = stubNotification("granted");
    expect(await syncDailyReminder(true, { ask: false })).toBe("while-open");
    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(shown).toEqual([REMINDER_TITLE]);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(shown).toEqual([REMINDER_TITLE, REMINDER_TITLE]);
    expect(await syncDailyReminder(false, { ask: false })).toBe("off");
    await vi.advanceTimersByTimeAsync(48 * 60 * 60 * 1000);
    expect(shown).toHaveLength(2);
    expect(getReminderMode()).toBe("off");
  });

  it("through the service worker where there is one", async () => {
    stubNotification("granted");
    const sw = stubServiceWorker("absent");
    expect(await syncDailyReminder(true, { ask: false })).toBe("while-open");
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(sw.shown).toEqual([REMINDER_TITLE]);
  });

  it("with periodic background sync granted, the service worker takes it over (page closed)", async () => {
    const { shown } = stubNotification("granted");
    const sw = stubServiceWorker("granted");
    expect(await syncDailyReminder(true, { ask: false })).toBe("background");
    expect(sw.registered).toEqual([REMINDER_TAG]);
    // No second copy from the page's own timer.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect([...shown, ...sw.shown]).toEqual([]);
  });

  it("a later call wins over one still in flight", async () => {
    const { shown } = stubNotification("granted");
    const first = syncDailyReminder(true, { ask: false });
    const second = syncDailyReminder(false, { ask: false });
    await Promise.all([first, second]);
    expect(getReminderMode()).toBe("off");
    await vi.advanceTimersByTimeAsync(48 * 60 * 60 * 1000);
    expect(shown).toEqual([]);
  });
});
