/**
 * The daily reminder (Push Notifications setting), scheduled the best way this
 * platform allows and reporting which way it used, so Settings can say it plainly:
 * - native app: a repeating local notification at REMINDER_HOUR:00 (Capacitor);
 * - browser with periodic background sync granted (installed Chromium apps): the service
 *   worker (public/reminder-sw.js) shows it about once a day with the page closed;
 * - any other browser with notifications allowed: a timer shows it at the hour while a
 *   CleanSpace tab is open.
 * Notification Triggers (scheduled notifications) are not used: no browser ships them.
 */
import { nextReminderAt, REMINDER_BODY, REMINDER_HOUR, REMINDER_TITLE, type ReminderMode } from "../../../domain/reminders";
import { cancelNativeNotification, DEFAULT_NOTIFICATION_ICON, scheduleDailyNativeNotification } from "../device/notifications";
import { isNativePlatform, logDeviceWarning } from "../device/platform";

/** Shared with public/reminder-sw.js. */
export const REMINDER_TAG = "cleanspace-daily-reminder";
const NATIVE_ID = 16_190;
const DAY_MS = 24 * 60 * 60 * 1000;

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
  unregister(tag: string): Promise<void>;
}
type RegistrationWithPeriodicSync = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

let mode: ReminderMode = "off";
let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;
const listeners = new Set<() => void>();

export function getReminderMode(): ReminderMode {
  return mode;
}

export function subscribeReminderMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setMode(next: ReminderMode): ReminderMode {
  mode = next;
  for (const l of listeners) l();
  return next;
}

async function registration(): Promise<RegistrationWithPeriodicSync | undefined> {
  try {
    return (await navigator.serviceWorker?.getRegistration()) as RegistrationWithPeriodicSync | undefined;
  } catch {
    return undefined;
  }
}

async function show(): Promise<void> {
  const options: NotificationOptions = { body: REMINDER_BODY, icon: DEFAULT_NOTIFICATION_ICON, tag: REMINDER_TAG };
  const reg = await registration();
  // Through the service worker where there is one (the only way on Android Chrome).
  if (reg) await reg.showNotification(REMINDER_TITLE, options);
  else new Notification(REMINDER_TITLE, options);
}

function armTimer(): void {
  timer = setTimeout(
    () => {
      show().catch((error: unknown) => logDeviceWarning("showing the daily reminder", error));
      armTimer();
    },
    nextReminderAt(new Date()).getTime() - Date.now(),
  );
}

/** True when the service worker will show the reminder with the page closed. */
async function registerBackground(): Promise<boolean> {
  try {
    const reg = await registration();
    if (!reg?.periodicSync || !navigator.permissions) return false;
    const state = await navigator.permissions.query({ name: "periodic-background-sync" as PermissionName });
    if (state.state !== "granted") return false;
    await reg.periodicSync.register(REMINDER_TAG, { minInterval: DAY_MS });
    return true;
  } catch {
    // Not installed, not allowed or not supported: the tab's timer stands in.
    return false;
  }
}

async function unregisterBackground(): Promise<void> {
  try {
    await (await registration())?.periodicSync?.unregister(REMINDER_TAG);
  } catch {
    // Nothing was registered.
  }
}

async function syncNative(on: boolean): Promise<ReminderMode> {
  if (!on) {
    await cancelNativeNotification(NATIVE_ID);
    return "off";
  }
  const result = await scheduleDailyNativeNotification({ id: NATIVE_ID, title: REMINDER_TITLE, body: REMINDER_BODY, hour: REMINDER_HOUR });
  return result === "scheduled" ? "native" : result === "denied" ? "blocked" : "unsupported";
}

async function syncWeb(on: boolean, ask: boolean): Promise<ReminderMode> {
  if (!on) {
    await unregisterBackground();
    return "off";
  }
  if (typeof Notification === "undefined") return "unsupported";
  let permission = Notification.permission;
  // Browsers only show the permission prompt for a tap, so start-up never asks.
  if (permission === "default" && ask) permission = await Notification.requestPermission().catch(() => "default" as const);
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "needs-permission";
  return (await registerBackground()) ? "background" : "while-open";
}

/**
 * Makes the device's reminder follow the setting. `ask` is true only when called from a
 * tap (the setting's switch or "Allow notifications"). A newer call wins over one in flight.
 */
export async function syncDailyReminder(on: boolean, { ask }: { ask: boolean }): Promise<ReminderMode> {
  const mine = ++generation;
  clearTimeout(timer);
  timer = undefined;
  const next = isNativePlatform() ? await syncNative(on) : await syncWeb(on, ask);
  if (mine !== generation) return mode;
  if (next === "while-open") armTimer();
  return setMode(next);
}
