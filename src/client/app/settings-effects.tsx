/**
 * Applies the synced settings on every page: when the account's settings arrive
 * — on this device or after signing in on another — haptics, sounds, the theme and the
 * daily reminder follow them. A theme chosen elsewhere (the dark-mode offer) is saved back.
 */
import { useEffect, useRef } from "react";
import { syncDailyReminder } from "../lib/reminders/daily-reminder";
import { applyDeviceSettings } from "../lib/settings/apply-settings";
import { readMirror, useSettings, useUpdateSettings } from "../lib/settings/settings-queries";
import { useSession } from "../lib/session/use-session";
import { useTheme } from "../lib/theme";

export function SettingsEffects() {
  const session = useSession();
  const signedIn = session.user !== null;
  const settings = useSettings(signedIn).data;
  const update = useUpdateSettings();
  const { theme, setTheme } = useTheme();
  const appliedDark = useRef<boolean | null>(null);
  const lastTheme = useRef(theme);

  const haptics = settings?.hapticFeedback;
  const sounds = settings?.soundEffects;
  const notifications = settings?.notifications;
  const darkMode = settings?.darkMode;

  useEffect(() => {
    if (haptics !== undefined && sounds !== undefined)
      applyDeviceSettings({ hapticFeedback: haptics, soundEffects: sounds }, { fromTap: false });
  }, [haptics, sounds]);

  useEffect(() => {
    // Visitors' reminder follows this device's saved choice; an account's follows the account.
    if (session.status === "loading") return;
    const on = signedIn ? notifications : readMirror().notifications;
    if (on !== undefined) void syncDailyReminder(on, { ask: false });
  }, [session.status, signedIn, notifications]);

  useEffect(() => {
    if (darkMode === undefined || appliedDark.current === darkMode) return;
    appliedDark.current = darkMode;
    setTheme(darkMode ? "dark" : "light");
  }, [darkMode, setTheme]);

  const { mutate } = update;
  useEffect(() => {
    // Only a change of theme on this page is saved back, never the account's own value.
    if (lastTheme.current === theme) return;
    lastTheme.current = theme;
    if (!signedIn || appliedDark.current === null) return;
    const dark = theme === "dark";
    if (dark === appliedDark.current) return;
    appliedDark.current = dark;
    mutate({ darkMode: dark });
  }, [theme, signedIn, mutate]);

  return null;
}
