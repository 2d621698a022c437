/**
 * The daily reminder behind the Push Notifications setting (spec §2 Settings):
 * one notification a day at a fixed local hour, nudging towards the daily goal.
 */
export const REMINDER_HOUR = 19;
export const REMINDER_TITLE = "Time for today's cleanup";
export const REMINDER_BODY = "A few minutes keeps your streak going and your score up.";

/** The next local time at `hour`:00 strictly after `now` (today if still ahead, else tomorrow). */
export function nextReminderAt(now: Date, hour: number = REMINDER_HOUR): Date {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/** How the reminder reaches the user on this device, or why it cannot. */
export type ReminderMode =
  | "off"
  /** Native app: a repeating local notification scheduled with the operating system. */
  | "native"
  /** Browser: the service worker shows it about once a day even with the page closed (periodic background sync). */
  | "background"
  /** Browser: shown at the hour only while a CleanSpace tab is open. */
  | "while-open"
  /** Permission not asked yet; it needs a tap. */
  | "needs-permission"
  | "blocked"
  | "unsupported";
