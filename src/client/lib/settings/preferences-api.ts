/**
 * GET/PUT /api/preferences: the user's primaryGoal and dataTypes and whether they have been
 * asked (spec §3). Saving also refreshes the settings, which order the dashboard.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PreferencesAnswer, PreferencesState } from "../../../domain/preferences";
import { apiRequest } from "../api-client";
import { settingsQueryKey } from "./settings-queries";
import { queryKeys } from "../query-keys";

export const preferencesQuery = () =>
  queryOptions({
    queryKey: queryKeys.settings.preferences,
    queryFn: ({ signal }) => apiRequest<PreferencesState>("GET", "/api/preferences", undefined, { signal }),
  });

export function usePreferences(enabled: boolean) {
  return useQuery({ ...preferencesQuery(), enabled });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: PreferencesAnswer) => apiRequest<PreferencesState>("PUT", "/api/preferences", answer),
    onSuccess: async (saved) => {
      queryClient.setQueryData(preferencesQuery().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: settingsQueryKey, exact: true });
    },
  });
}
