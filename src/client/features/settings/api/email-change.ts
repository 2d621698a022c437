/**
 * GET /api/auth/email-change: the address change waiting for confirmation, if any.
 * POST /api/auth/email-change: start one (new address + current password) → 202 pending.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PendingEmailChangeSchema, type EmailChangeRequest, type PendingEmailChange } from "../../../../domain/schemas/auth";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export async function getPendingEmailChange(): Promise<PendingEmailChange> {
  return PendingEmailChangeSchema.parse(await apiRequest<unknown>("GET", "/api/auth/email-change"));
}

export const pendingEmailChangeQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.settings.emailChange, queryFn: getPendingEmailChange });

export function usePendingEmailChange() {
  return useQuery(pendingEmailChangeQueryOptions());
}

export async function requestEmailChange(input: EmailChangeRequest): Promise<PendingEmailChange> {
  return PendingEmailChangeSchema.parse(await apiRequest<unknown>("POST", "/api/auth/email-change", input));
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (pending) => queryClient.setQueryData(pendingEmailChangeQueryOptions().queryKey, pending),
  });
}
