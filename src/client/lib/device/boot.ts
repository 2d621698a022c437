/**
 * Starts the device layer once, after the shell has rendered (loaded with a dynamic
 * import so none of this weighs on the initial bundle): native start-up inside the apps,
 * touch guards where the app runs full screen (native or installed), and the offline
 * queue's first sync.
 */
import { isStandaloneDisplay } from "./device-info";
import { runNativeStartup } from "./native-startup";
import { isNativePlatform } from "./platform";
import { installTouchGuards } from "./touch-guards";

let started = false;

export async function startDeviceLayer(): Promise<void> {
  if (started || typeof window === "undefined") return;
  started = true;
  const native = isNativePlatform();
  if (native) void runNativeStartup();
  // In a browser tab pull-to-refresh and back-swipe are the browser's own, expected
  // gestures; only a full-screen app has no other way to lose its state by accident.
  if (native || isStandaloneDisplay()) installTouchGuards();
  try {
    const { startOfflineSync } = await import("../offline/queue");
    startOfflineSync();
  } catch (error) {
    console.warn("CleanSpace: offline sync could not start", error);
  }
}
