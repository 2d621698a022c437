/**
 * POST /api/auth/email-change/confirm and …/undo: the links mailed for a change of sign-in
 * address. {token} → {email}; 400 when the link is invalid, used or expired.
 */
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client";

export type EmailChangeAction = "confirm" | "undo";

const ResultSchema = z.object({ email: z.string() });

export async function postEmailChangeLink(input: { action: EmailChangeAction; token: string }): Promise<{ email: string }> {
  return ResultSchema.parse(await apiRequest<unknown>("POST", `/api/auth/email-change/${input.action}`, { token: input.token }));
}

export function useEmailChangeLink() {
  return useMutation({ mutationFn: postEmailChangeLink });
}
