/** POST /api/auth/resend-verification: mail a new link confirming the account's address. */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../api-client";

export async function postResendVerification(): Promise<void> {
  await apiRequest("POST", "/api/auth/resend-verification");
}

export function useResendVerification() {
  return useMutation({ mutationFn: postResendVerification });
}
