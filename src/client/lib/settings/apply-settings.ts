/**
 * What a setting does on this device beyond being saved: haptics and sounds
 * follow their switches, and the daily reminder is scheduled or cancelled.
 */
import type { SettingsPatch } from "../../../domain/schemas/settings";
import { setHapticsEnabled } from "../device/haptics";
import { syncDailyReminder } from "../reminders/daily-reminder";
import { setSoundsEnabled } from "../sounds";

/** `fromTap`: the change comes from the user's tap, so a permission prompt may show. */
export function applyDeviceSettings(patch: SettingsPatch, { fromTap }: { fromTap: boolean }): void {
  if (patch.hapticFeedback !== undefined) setHapticsEnabled(patch.hapticFeedback);
  if (patch.soundEffects !== undefined) setSoundsEnabled(patch.soundEffects);
  if (patch.notifications !== undefined) void syncDailyReminder(patch.notifications, { ask: fromTap });
}
