import type { Settings, SettingsPatch } from "../../../../domain/schemas/settings";
import { Card, CardTitle } from "../../../components/ui/card";
import { playSound } from "../../../lib/sounds";
import { useTheme } from "../../../lib/theme";
import { toast } from "../../../lib/toast-store";
import { ReminderStatus } from "./reminder-status";
import { ToggleRow } from "./toggle-row";

const ROWS: { key: keyof Settings; label: string; description: string }[] = [
  { key: "notifications", label: "Push Notifications", description: "A daily reminder for your cleanup goal and streak." },
  { key: "autoClean", label: "Auto Clean Mode", description: "After each scan, move exact copies to the CleanSpace trash (you can undo)." },
  { key: "dailyTips", label: "Daily Tips", description: "Show a decluttering tip on your dashboard." },
  { key: "hapticFeedback", label: "Haptic Feedback", description: "Vibrate on taps and actions where the device supports it." },
  { key: "soundEffects", label: "Sound Effects", description: "Play short sounds for cleanups and errors." },
  {
    key: "metadataOnlyScan",
    label: "Quick scans (sizes only)",
    description: "Read no file contents: duplicates become 'possible duplicates'.",
  },
];

/** The toggles (spec §2 Settings), each saved to the server with the 'Setting Updated' notice. */
export function PreferencesCard({
  settings,
  onChange,
  signedIn,
}: {
  settings: Settings;
  onChange(p: SettingsPatch): void;
  signedIn: boolean;
}) {
  const { theme, setTheme } = useTheme();
  const update = (patch: SettingsPatch, label: string, on: boolean) => {
    onChange(patch);
    // The spec's click sound (§9) confirms the tap, when Sound Effects is (still) on.
    playSound("click");
    toast({ title: "Setting Updated", description: `${label} ${on ? "on" : "off"}.` });
  };
  return (
    <Card>
      <CardTitle>Preferences</CardTitle>
      {!signedIn ? (
        <p className="mt-1 text-sm text-muted-foreground">Sign in to keep these on every device. Changes stay on this device until then.</p>
      ) : null}
      <div className="mt-2 divide-y divide-border">
        {ROWS.map((r) => (
          <div key={r.key}>
            <ToggleRow
              label={r.label}
              description={r.description}
              checked={Boolean(settings[r.key])}
              onChange={(v) => update({ [r.key]: v }, r.label, v)}
            />
            {r.key === "notifications" ? <ReminderStatus on={settings.notifications} /> : null}
          </div>
        ))}
        <ToggleRow
          label="Dark Mode"
          description="Easier on the eyes at night."
          checked={theme === "dark"}
          onChange={(v) => {
            setTheme(v ? "dark" : "light");
            update({ darkMode: v }, "Dark Mode", v);
          }}
        />
      </div>
    </Card>
  );
}
