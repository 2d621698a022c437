/** POST /api/auth/password-reset: {email} → 202 whether or not the account exists. */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export async function postPasswordReset(input: { email: string }): Promise<void> {
  await apiRequest("POST", "/api/auth/password-reset", input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: postPasswordReset });
}
