/**
 * What this device lets the scan read (spec §3 "Permissions", §6 device permissions):
 * files through a folder picker or a file input (every browser), photos are reported
 * granted on the web, apps only on native, e-mail never (it needs an OAuth setup).
 */
export interface ScanPermissions {
  files: boolean;
  photos: boolean;
  apps: boolean;
  email: boolean;
  notifications: boolean;
}

export function currentPermissions(): ScanPermissions {
  return {
    files: true,
    photos: true,
    apps: false,
    email: false,
    notifications: typeof Notification !== "undefined" && Notification.permission === "granted",
  };
}

const NONE: ScanPermissions = { files: false, photos: false, apps: false, email: false, notifications: false };

/** The first check, when the panel opens: a browser that refuses to say gets spec §8's alert. */
export function checkPermissions(): { permissions: ScanPermissions; error: string | null } {
  try {
    return { permissions: currentPermissions(), error: null };
  } catch {
    return { permissions: NONE, error: "Failed to check permissions" };
  }
}

export async function requestPermissions(): Promise<ScanPermissions> {
  if (typeof Notification !== "undefined" && Notification.permission === "default") {
    await Notification.requestPermission();
  }
  return currentPermissions();
}
