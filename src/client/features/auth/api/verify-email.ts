/** POST /api/auth/verify-email: {token} from the mailed link → {verified: true}; 400 when the link is bad. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { subscriptionQueryKey } from "../../../lib/subscription/get-subscription";

export async function postVerifyEmail(token: string): Promise<void> {
  await apiRequest("POST", "/api/auth/verify-email", { token });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postVerifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
  });
}
