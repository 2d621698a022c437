/**
 * Spec §2 "Install prompt": a card 'Install CleanSpace' with 'Install App', 'Not Now' and
 * a close button, shown only when the browser offered install (beforeinstallprompt) and
 * the app is not running standalone; gone after install or dismissal, and a dismissal is
 * remembered for 24 h. Loaded lazily by the app shell. It sits at the end of the page, never
 * over it.
 */
import { Download, X } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { isStandaloneDisplay } from "../lib/device/device-info";
import {
  captureInstallEvents,
  getInstallState,
  promptInstall,
  readDismissedAt,
  rememberDismissal,
  shouldShowInstallPrompt,
  subscribeInstall,
} from "../lib/device/install";
import { Button } from "./ui/button";

// Listen as soon as this chunk loads: the browser fires beforeinstallprompt only once.
captureInstallEvents();

export function InstallPrompt() {
  const install = useSyncExternalStore(subscribeInstall, getInstallState, getInstallState);
  // Read once per mount: an earlier dismissal and the display mode do not change while open.
  const [facts] = useState(() => ({ dismissedAt: readDismissedAt(), now: Date.now(), isStandalone: isStandaloneDisplay() }));
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const visible = !dismissed && shouldShowInstallPrompt({ ...facts, canPrompt: install.deferred !== null, installed: install.installed });
  if (!visible && !busy) return null;

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
  };
  const onInstall = async () => {
    setBusy(true);
    try {
      const outcome = await promptInstall();
      if (outcome === "dismissed") dismiss();
    } catch (error) {
      console.warn("CleanSpace: the install dialog failed", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="install-prompt-title"
      // In the page's flow, after its content: a card drawn over the page covered what was at
      // the fold and once took a click meant for "Connect Gmail". Space below for the tab bar.
      className="relative mx-4 mb-28 rounded-card border border-border bg-card p-4 shadow-sm sm:mx-auto sm:max-w-md"
    >
      <button
        type="button"
        aria-label="Close"
        onClick={dismiss}
        className="absolute right-2 top-2 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <X className="size-4" aria-hidden />
      </button>
      <div className="flex items-start gap-3 pr-6">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-panel" />
        <div>
          <h2 id="install-prompt-title" className="font-semibold">
            Install CleanSpace
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Add CleanSpace to your device for quick access, full-screen use and offline support.
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={dismiss}>
          Not Now
        </Button>
        <Button size="sm" onClick={onInstall} disabled={busy}>
          <Download className="size-4" aria-hidden />
          Install App
        </Button>
      </div>
    </section>
  );
}
