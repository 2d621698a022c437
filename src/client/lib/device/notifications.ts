/**
 * Local notifications (spec §6, §7, §9). Native: Capacitor LocalNotifications, which needs
 * display permission — without it nothing is shown and false is returned. Web: the browser
 * permission is requested first, then a Notification fires at the given time, or 1 s after
 * the call when none is given, with the 192 px app icon by default.
 */
import { isNativePlatform, logDeviceWarning } from "./platform";

export const DEFAULT_NOTIFICATION_DELAY_MS = 1000;
export const DEFAULT_NOTIFICATION_ICON = "/icons/icon-192.png";
/** setTimeout's ceiling; a web notification further away than this cannot be scheduled. */
const MAX_WEB_DELAY_MS = 2_147_483_647;

export interface LocalNotification {
  title: string;
  body: string;
  /** 32-bit integer id (Capacitor's requirement); generated when absent. */
  id?: number;
  /** When to show it; absent means 1 s after the call. */
  at?: Date;
  sound?: string;
  icon?: string;
}

/** Milliseconds until a notification should fire (never negative). */
export function notificationDelay(at: Date | undefined, now: number = Date.now()): number {
  return at ? Math.max(0, at.getTime() - now) : DEFAULT_NOTIFICATION_DELAY_MS;
}

/**
 * Capacitor needs a positive 32-bit id per notification. A random one, not a counter: ids
 * must stay distinct across page reloads and app restarts, when a counter would start over.
 */
function newId(): number {
  return Math.floor(Math.random() * 2_000_000_000) + 1;
}

/** Asks for permission to show notifications; true when granted. */
export async function requestNotificationPermission(): Promise<boolean> {
  try {
    if (isNativePlatform()) {
      const { LocalNotifications } = await import("@capacitor/local-notifications");
      const current = await LocalNotifications.checkPermissions();
      if (current.display === "granted") return true;
      return (await LocalNotifications.requestPermissions()).display === "granted";
    }
    if (typeof Notification === "undefined") return false;
    if (Notification.permission === "granted") return true;
    if (Notification.permission === "denied") return false;
    return (await Notification.requestPermission()) === "granted";
  } catch (error) {
    logDeviceWarning("notification permission", error);
    return false;
  }
}

async function showWebNotification(n: LocalNotification, tag: string): Promise<void> {
  const options: NotificationOptions = { body: n.body, icon: n.icon ?? DEFAULT_NOTIFICATION_ICON, tag };
  try {
    new Notification(n.title, options);
  } catch {
    // Android Chrome only shows notifications through a service worker registration.
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) throw new Error("Notifications need a service worker in this browser");
    await registration.showNotification(n.title, options);
  }
}

/** Schedules one notification; true when it was scheduled, false when it cannot be shown. */
export async function scheduleNotification(n: LocalNotification): Promise<boolean> {
  const id = n.id ?? newId();
  if (!(await requestNotificationPermission())) return false;
  try {
    if (isNativePlatform()) {
      const { LocalNotifications } = await import("@capacitor/local-notifications");
      const at = n.at ?? new Date(Date.now() + DEFAULT_NOTIFICATION_DELAY_MS);
      await LocalNotifications.schedule({
        notifications: [{ id, title: n.title, body: n.body, schedule: { at }, sound: n.sound, ...(n.icon ? { largeIcon: n.icon } : {}) }],
      });
      return true;
    }
    const delay = notificationDelay(n.at);
    if (delay > MAX_WEB_DELAY_MS) return false;
    setTimeout(() => {
      showWebNotification(n, String(id)).catch((error: unknown) => logDeviceWarning("showing a notification", error));
    }, delay);
    return true;
  } catch (error) {
    logDeviceWarning("scheduling a notification", error);
    return false;
  }
}

export type DailyScheduleResult = "scheduled" | "denied" | "failed";

/**
 * Native only: a local notification repeating every day at `hour`:00, replacing any earlier
 * one with the same id. Needs display permission (asked here; spec §6).
 */
export async function scheduleDailyNativeNotification(n: {
  id: number;
  title: string;
  body: string;
  hour: number;
}): Promise<DailyScheduleResult> {
  try {
    const { LocalNotifications } = await import("@capacitor/local-notifications");
    await LocalNotifications.cancel({ notifications: [{ id: n.id }] });
    if (!(await requestNotificationPermission())) return "denied";
    await LocalNotifications.schedule({
      notifications: [{ id: n.id, title: n.title, body: n.body, schedule: { on: { hour: n.hour, minute: 0 }, allowWhileIdle: true } }],
    });
    return "scheduled";
  } catch (error) {
    logDeviceWarning("scheduling a daily notification", error);
    return "failed";
  }
}

/** Native only: cancels a scheduled local notification. */
export async function cancelNativeNotification(id: number): Promise<void> {
  try {
    const { LocalNotifications } = await import("@capacitor/local-notifications");
    await LocalNotifications.cancel({ notifications: [{ id }] });
  } catch (error) {
    logDeviceWarning("cancelling a notification", error);
  }
}
