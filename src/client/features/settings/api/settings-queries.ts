/**
 * The user's settings: read from the server, mirrored in localStorage so they apply at
 * once, offline and before the server answers (issue 11). Changes are optimistic.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings, SettingsPatch } from "../../../../domain/schemas/settings";
import { apiRequest } from "../../../lib/api-client";
import { readSettingsMirror, SETTINGS_MIRROR_KEY } from "../../../lib/settings-mirror";

/** The mirror lives in lib (other screens read it too); the settings page reads it from here. */
export const readMirror = readSettingsMirror;
const key = ["settings"] as const;

function writeMirror(s: Settings): void {
  try {
    localStorage.setItem(SETTINGS_MIRROR_KEY, JSON.stringify(s));
  } catch {
    // Storage full or blocked: the server copy still holds them.
  }
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
