import { useSyncExternalStore } from "react";
import type { ReminderMode } from "../../../domain/reminders";
import { getReminderMode, subscribeReminderMode } from "./daily-reminder";

/** How this device delivers the daily reminder right now. */
export function useReminderMode(): ReminderMode {
  return useSyncExternalStore(subscribeReminderMode, getReminderMode, getReminderMode);
}
