/**
 * The install offer (spec §2 "Install prompt", §4, §9): shown only when the browser fired
 * beforeinstallprompt and the app is not running standalone; hidden after install or a
 * dismissal, which is remembered for 24 h (a timestamp in localStorage).
 */
export const INSTALL_DISMISSED_KEY = "installPromptDismissedAt";
export const INSTALL_DISMISS_MS = 24 * 60 * 60 * 1000;

/** Chromium's event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export interface InstallOfferFacts {
  canPrompt: boolean;
  installed: boolean;
  isStandalone: boolean;
  dismissedAt: number | null;
  now: number;
}

export function isDismissalActive(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now >= dismissedAt && now - dismissedAt < INSTALL_DISMISS_MS;
}

export function shouldShowInstallPrompt(f: InstallOfferFacts): boolean {
  return f.canPrompt && !f.installed && !f.isStandalone && !isDismissalActive(f.dismissedAt, f.now);
}

export function readDismissedAt(): number | null {
  try {
    const raw = localStorage.getItem(INSTALL_DISMISSED_KEY);
    const at = raw === null ? NaN : Number(raw);
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

export function rememberDismissal(now: number = Date.now()): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // No storage: the card simply comes back next visit.
  }
}

/* The captured event, shared by whoever shows the offer. */
interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  installed: boolean;
}
let state: InstallState = { deferred: null, installed: false };
const listeners = new Set<() => void>();
let capturing = false;

function set(next: InstallState): void {
  state = next;
  for (const l of listeners) l();
}

/** Starts listening for beforeinstallprompt and appinstalled (idempotent). */
export function captureInstallEvents(): void {
  if (capturing || typeof window === "undefined") return;
  capturing = true;
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's mini-infobar away; we offer install in our own card.
    event.preventDefault();
    set({ ...state, deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => set({ deferred: null, installed: true }));
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  return state;
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = state.deferred;
  if (!event) return "unavailable";
  set({ ...state, deferred: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "accepted") set({ deferred: null, installed: true });
  return outcome;
}
