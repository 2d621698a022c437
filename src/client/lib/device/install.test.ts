import { describe, expect, it } from "vitest";
import { INSTALL_DISMISS_MS, isDismissalActive, shouldShowInstallPrompt } from "./install";

const NOW = 1_700_000_000_000;
const base = { canPrompt: true, installed: false, isStandalone: false, dismissedAt: null, now: NOW };

describe("install prompt rules (spec §2, §4, §9)", () => {
  it("shows only when the browser offers install and the app is not standalone", () => {
    expect(shouldShowInstallPrompt(base)).toBe(true);
    expect(shouldShowInstallPrompt({ ...base, canPrompt: false })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, isStandalone: true })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, installed: true })).toBe(false);
  });

  it("remembers a dismissal for 24 hours", () => {
    expect(INSTALL_DISMISS_MS).toBe(24 * 60 * 60 * 1000);
    expect(shouldShowInstallPrompt({ ...base, dismissedAt: NOW - 1000 })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, dismissedAt: NOW - INSTALL_DISMISS_MS + 1 })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, dismissedAt: NOW - INSTALL_DISMISS_MS })).toBe(true);
  });

  it("ignores a dismissal stamped in the future (a wrong clock)", () => {
    expect(isDismissalActive(NOW + 60_000, NOW)).toBe(false);
  });
});
