/**
 * The settings that apply right now: the account's (synced through the server) for a
 * signed-in user, else this device's mirror; and one way to change them.
 */
import { useSyncExternalStore } from "react";
import type { Settings, SettingsPatch } from "../../../domain/schemas/settings";
import { useSession } from "../session/use-session";
import { applyDeviceSettings } from "./apply-settings";
import { readMirror, subscribeMirror, useSettings, useUpdateSettings, writeMirror } from "./settings-queries";

export function useEffectiveSettings(): Settings {
  const session = useSession();
  const settings = useSettings(session.user !== null);
  const mirror = useSyncExternalStore(subscribeMirror, readMirror, readMirror);
  return settings.data ?? mirror;
}

/** Saves a change (to the account when signed in, on this device otherwise) and applies it at once. */
export function useChangeSettings(): (patch: SettingsPatch) => void {
  const session = useSession();
  const update = useUpdateSettings();
  return (patch) => {
    applyDeviceSettings(patch, { fromTap: true });
    if (session.user) update.mutate(patch);
    else writeMirror({ ...readMirror(), ...patch });
  };
}
