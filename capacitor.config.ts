/**
 * Capacitor wraps the built web app (dist/client) in the native iOS and Android shells.
 * The device layer (src/client/lib/device) hides the splash screen as soon as the app has
 * started (spec §4 "Native start-up"); the 3 s auto-hide is only a safety net should the
 * web app fail to start.
 */
import type { CapacitorConfig } from "@capacitor/cli";

const config: CapacitorConfig = {
  appId: "app.cleanspace",
  appName: "CleanSpace",
  webDir: "dist/client",
  plugins: {
    SplashScreen: { launchShowDuration: 3000, launchAutoHide: true, backgroundColor: "#0b1120" },
    LocalNotifications: { iconColor: "#2563eb" },
  },
};

export default config;
