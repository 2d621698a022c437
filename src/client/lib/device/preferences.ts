/**
 * Key-value preferences (spec §7): Capacitor Preferences on native, localStorage on the web.
 * Failures are logged and read as "no value".
 */
import { isNativePlatform, logDeviceWarning } from "./platform";

export async function getPreference(key: string): Promise<string | null> {
  try {
    if (isNativePlatform()) {
      const { Preferences } = await import("@capacitor/preferences");
      return (await Preferences.get({ key })).value;
    }
    return localStorage.getItem(key);
  } catch (error) {
    logDeviceWarning("reading a preference", error);
    return null;
  }
}

export async function setPreference(key: string, value: string): Promise<boolean> {
  try {
    if (isNativePlatform()) {
      const { Preferences } = await import("@capacitor/preferences");
      await Preferences.set({ key, value });
    } else {
      localStorage.setItem(key, value);
    }
    return true;
  } catch (error) {
    logDeviceWarning("saving a preference", error);
    return false;
  }
}

export async function removePreference(key: string): Promise<boolean> {
  try {
    if (isNativePlatform()) {
      const { Preferences } = await import("@capacitor/preferences");
      await Preferences.remove({ key });
    } else {
      localStorage.removeItem(key);
    }
    return true;
  } catch (error) {
    logDeviceWarning("removing a preference", error);
    return false;
  }
}
