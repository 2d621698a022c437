/**
 * Native start-up (spec §4): hide the splash screen, set a light status bar on the brand
 * blue, ask for notification permission. Runs only inside the native apps; each step's
 * failure is only logged, so one broken plugin never blocks the others or the app.
 */
import { isNativePlatform } from "./platform";

export const STATUS_BAR_COLOR = "#2563eb";

async function step(name: string, run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    console.warn(`CleanSpace native start-up: ${name} failed`, error);
    return false;
  }
}

/** Returns whether it ran (false on the web). */
export async function runNativeStartup(): Promise<boolean> {
  if (!isNativePlatform()) return false;
  await step("hiding the splash screen", async () => {
    const { SplashScreen } = await import("@capacitor/splash-screen");
    await SplashScreen.hide();
  });
  await step("styling the status bar", async () => {
    const { StatusBar, Style } = await import("@capacitor/status-bar");
    await StatusBar.setStyle({ style: Style.Light });
    await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
  });
  await step("requesting notification permission", async () => {
    const { LocalNotifications } = await import("@capacitor/local-notifications");
    await LocalNotifications.requestPermissions();
  });
  return true;
}
