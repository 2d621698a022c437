/**
 * The spec's local-storage keys for the signed-in user (spec §3, §5): a stored userId must
 * parse as an integer, otherwise no user is loaded; corrupt auth data is ignored (§8).
 * The server session stays the authority; these only let the shell pick a screen quickly.
 */
export const USER_ID_KEY = "userId";
export const USER_EMAIL_KEY = "userEmail";
export const AUTH_DATA_KEY = "auth_data";

export function parseStoredUserId(raw: string | null): number | null {
  if (raw === null || !/^\s*-?\d+\s*$/.test(raw)) return null;
  const id = Number.parseInt(raw, 10);
  return Number.isSafeInteger(id) ? id : null;
}

export function readStoredUserId(): number | null {
  try {
    return parseStoredUserId(localStorage.getItem(USER_ID_KEY));
  } catch {
    return null;
  }
}

/**
 * `<html data-signed-in>` while a user is stored: the public pages' header (styles.css) offers
 * the app instead of "Sign In / Get Started". Set before the first paint by the pages' scripts.
 */
export function markSignedIn(signedIn: boolean = readStoredUserId() !== null): void {
  if (typeof document === "undefined") return;
  if (signedIn) document.documentElement.dataset.signedIn = "";
  else delete document.documentElement.dataset.signedIn;
}

export function storeSignedInUser(user: { id: number; email: string; name?: string }): void {
  markSignedIn(true);
  try {
    localStorage.setItem(USER_ID_KEY, String(user.id));
    localStorage.setItem(USER_EMAIL_KEY, user.email);
    localStorage.setItem(AUTH_DATA_KEY, JSON.stringify({ user, isAuthenticated: true }));
  } catch {
    // Storage unavailable: the session cookie still signs the user in.
  }
}

export function clearSignedInUser(): void {
  markSignedIn(false);
  try {
    localStorage.removeItem(USER_ID_KEY);
    localStorage.removeItem(USER_EMAIL_KEY);
    localStorage.removeItem(AUTH_DATA_KEY);
  } catch {
    // ignore
  }
}
