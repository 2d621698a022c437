/**
 * The user's settings: read from the server, mirrored in localStorage so they apply at
 * once, offline and before the server answers. Changes are optimistic.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_SETTINGS, SettingsSchema, type Settings, type SettingsPatch } from "../../../domain/schemas/settings";
import { apiRequest } from "../api-client";
import { SETTINGS_MIRROR_KEY } from "./mirror-flag";
import { queryKeys } from "../query-keys";

export const settingsQueryKey = queryKeys.settings.all;
const key = settingsQueryKey;

let mirrorRaw: string | null | undefined;
let mirrorValue: Settings = DEFAULT_SETTINGS;
const mirrorListeners = new Set<() => void>();

function readMirrorRaw(): string | null {
  try {
    return localStorage.getItem(SETTINGS_MIRROR_KEY);
  } catch {
    return null;
  }
}

/** This device's copy; the same object while the stored text is unchanged (a stable snapshot). */
export function readMirror(): Settings {
  const raw = readMirrorRaw();
  if (raw === mirrorRaw) return mirrorValue;
  mirrorRaw = raw;
  try {
    const parsed = SettingsSchema.partial().safeParse(JSON.parse(raw ?? "{}"));
    mirrorValue = { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  } catch {
    mirrorValue = DEFAULT_SETTINGS;
  }
  return mirrorValue;
}

export function subscribeMirror(listener: () => void): () => void {
  mirrorListeners.add(listener);
  return () => mirrorListeners.delete(listener);
}

export function writeMirror(s: Settings): void {
  try {
    localStorage.setItem(SETTINGS_MIRROR_KEY, JSON.stringify(s));
  } catch {
    // Storage full or blocked: the server copy still holds them.
  }
  for (const l of mirrorListeners) l();
}

export function useSettings(enabled: boolean) {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const s = await apiRequest<Settings>("GET", "/api/settings", undefined, { signal });
      writeMirror(s);
      return s;
    },
    enabled,
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => apiRequest<Settings>("PATCH", "/api/settings", patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Settings>(key) ?? readMirror();
      const next = { ...previous, ...patch };
      queryClient.setQueryData(key, next);
      writeMirror(next);
      return { previous };
    },
    onError: (_err, _patch, context) => {
      if (context?.previous) {
        queryClient.setQueryData(key, context.previous);
        writeMirror(context.previous);
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      writeMirror(saved);
    },
  });
}
