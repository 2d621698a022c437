/**
 * App foreground/background state (spec §7): Capacitor App on native, page visibility on
 * the web. Returns an unsubscribe function.
 */
import { isNativePlatform, logDeviceWarning } from "./platform";

export function onAppStateChange(listener: (isActive: boolean) => void): () => void {
  if (isNativePlatform()) {
    let removed = false;
    let remove: (() => Promise<void>) | undefined;
    import("@capacitor/app")
      .then(({ App }) => App.addListener("appStateChange", (state) => listener(state.isActive)))
      .then((handle) => {
        remove = () => handle.remove();
        if (removed) void remove();
      })
      .catch((error: unknown) => logDeviceWarning("app state listener", error));
    return () => {
      removed = true;
      void remove?.();
    };
  }
  if (typeof document === "undefined") return () => {};
  const onVisibility = () => listener(document.visibilityState === "visible");
  document.addEventListener("visibilitychange", onVisibility);
  return () => document.removeEventListener("visibilitychange", onVisibility);
}
