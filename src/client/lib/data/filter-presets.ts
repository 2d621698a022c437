/**
 * The user's saved filter presets: GET / POST / DELETE /api/filter-presets (Pro only). A
 * create carries an action id chosen once per save, so the mutation's retries (and the
 * server's applied_actions check) never store it twice.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SavedFilterPresetListSchema,
  SavedFilterPresetSchema,
  type CreateFilterPresetInput,
  type SavedFilterPreset,
} from "../../../domain/schemas/filter-preset";
import { apiRequest } from "../api-client";
import { newClientId } from "../cleanup-events";
import { queryKeys } from "../query-keys";

export const filterPresetsQueryKey = queryKeys.organize.filterPresets;

export async function getFilterPresets(signal?: AbortSignal): Promise<SavedFilterPreset[]> {
  return SavedFilterPresetListSchema.parse(await apiRequest("GET", "/api/filter-presets", undefined, signal ? { signal } : {}));
}

export function getFilterPresetsQueryOptions() {
  return queryOptions({ queryKey: filterPresetsQueryKey, queryFn: ({ signal }) => getFilterPresets(signal) });
}

export function useFilterPresets(enabled: boolean) {
  return useQuery({ ...getFilterPresetsQueryOptions(), enabled });
}

export async function createFilterPreset(input: CreateFilterPresetInput): Promise<SavedFilterPreset> {
  return SavedFilterPresetSchema.parse(await apiRequest("POST", "/api/filter-presets", input));
}

export function useCreateFilterPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateFilterPresetInput, "actionId">) => createFilterPreset({ ...input, actionId: newClientId() }),
    onSuccess: (preset) => {
      queryClient.setQueryData<SavedFilterPreset[]>(filterPresetsQueryKey, (list) => [
        ...(list ?? []).filter((p) => p.id !== preset.id),
        preset,
      ]);
    },
  });
}

export function useDeleteFilterPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>("DELETE", `/api/filter-presets/${id}`),
    onSuccess: (_void, id) => {
      queryClient.setQueryData<SavedFilterPreset[]>(filterPresetsQueryKey, (list) => (list ?? []).filter((p) => p.id !== id));
    },
  });
}
