/** POST /api/auth/password-reset/confirm: {token, password} → 204; 400 when the link is bad. */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export async function postPasswordResetConfirm(input: { token: string; password: string }): Promise<void> {
  await apiRequest("POST", "/api/auth/password-reset/confirm", input);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: postPasswordResetConfirm });
}
