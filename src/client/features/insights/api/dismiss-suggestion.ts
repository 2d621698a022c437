/**
 * POST /api/insights/{userId}/dismiss (spec §4 Suggestion: dismissed → removed). The server
 * remembers it across devices; on success the suggestion leaves the cached insights.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DismissResultSchema, type Insights } from "../../../../domain/schemas/insights";
import { apiRequest } from "../../../lib/api-client";
import { insightsQueryKey } from "./get-insights";

export async function dismissSuggestion(userId: number, suggestionId: string): Promise<string[]> {
  const body = await apiRequest<unknown>("POST", `/api/insights/${userId}/dismiss`, { suggestionId });
  return DismissResultSchema.parse(body).dismissed;
}

export function useDismissSuggestion(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (suggestionId: string) => dismissSuggestion(userId, suggestionId),
    onSuccess: (dismissed) => {
      const hidden = new Set(dismissed);
      queryClient.setQueryData<Insights>(insightsQueryKey(userId), (old) =>
        old ? { ...old, suggestions: old.suggestions.filter((s) => !hidden.has(s.id)) } : old,
      );
    },
  });
}
