/** Profile edit and account deletion through the accounts API. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "../../../../domain/schemas/auth";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: { name: string }) => apiRequest<PublicUser>("PATCH", `/api/users/${userId}`, patch),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

export function deleteAccount(userId: number, password: string): Promise<void> {
  return apiRequest("DELETE", `/api/users/${userId}`, { password });
}
