import { REMINDER_HOUR, type ReminderMode } from "../../../../domain/reminders";
import { Button } from "../../../components/ui/button";
import { syncDailyReminder } from "../../../lib/reminders/daily-reminder";
import { useReminderMode } from "../../../lib/reminders/use-reminder-mode";

function hourLabel(): string {
  return new Date(2000, 0, 1, REMINDER_HOUR).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
}

function describe(mode: ReminderMode): string | null {
  const at = hourLabel();
  switch (mode) {
    case "off":
      return null;
    case "native":
      return `A reminder is scheduled on this device for ${at} every day.`;
    case "background":
      return "This browser shows a reminder about once a day, even when CleanSpace is closed.";
    case "while-open":
      return `A reminder shows at ${at} each day while CleanSpace is open in a tab. This browser can't show it when the app is closed.`;
    case "needs-permission":
      return "This browser hasn't allowed CleanSpace to show notifications yet, so no reminder is scheduled.";
    case "blocked":
      return "Notifications are blocked for CleanSpace in this browser's or device's settings, so no reminder can be shown.";
    case "unsupported":
      return "This browser can't show notifications, so no reminder can be shown.";
  }
}

/** Says plainly how (or whether) the daily reminder reaches the user on this device. */
export function ReminderStatus({ on }: { on: boolean }) {
  const mode = useReminderMode();
  const text = on ? describe(mode) : null;
  if (!text) return null;
  return (
    <div className="-mt-1 pb-3">
      <p data-testid="reminder-status" role="status" className="text-sm text-muted-foreground">
        {text}
      </p>
      {mode === "needs-permission" ? (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void syncDailyReminder(true, { ask: true })}>
          Allow notifications
        </Button>
      ) : null}
    </div>
  );
}
