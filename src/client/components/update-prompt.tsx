/**
 * Registers the service worker after the page has loaded (a dynamic import, so none of
 * Workbox weighs on the first paint) and offers 'Reload' when a new version is waiting.
 * Loaded lazily by the app shell; does nothing in development or without service workers.
 */
import { RefreshCw, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "./ui/button";

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<((reload?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    import("virtual:pwa-register")
      .then(({ registerSW }) => {
        if (cancelled) return;
        update.current = registerSW({
          onNeedRefresh: () => setNeedRefresh(true),
          onRegisteredSW(_url, registration) {
            // A tab left open for days still learns about new versions.
            if (registration) timer = setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
          },
          onRegisterError: (error: unknown) => console.warn("CleanSpace: service worker registration failed", error),
        });
      })
      .catch((error: unknown) => console.warn("CleanSpace: service worker registration failed", error));
    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
    };
  }, []);

  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 top-4 z-50 flex items-center gap-3 rounded-card border border-border bg-card p-4 shadow-xl md:left-auto md:right-4 md:w-96"
    >
      <RefreshCw className="size-5 shrink-0 text-accent" aria-hidden />
      <p className="flex-1 text-sm">A new version of CleanSpace is ready.</p>
      <Button size="sm" onClick={() => void update.current?.(true)}>
        Reload
      </Button>
      <button
        type="button"
        aria-label="Dismiss update notice"
        onClick={() => setNeedRefresh(false)}
        className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
