import { useMutation } from "@tanstack/react-query";
import { messages } from "../../../../domain/messages";
import type { EmailSignupInput } from "../../../../domain/schemas/email-signup";
import { ApiError, apiRequest } from "../../../lib/api-client";

export interface EmailSignupResult {
  ok: true;
}

/** The landing pages' payload (spec §7). Built here, not imported, so zod stays out of `/`. */
export function landingPageSignup(email: string) {
  return {
    email: email.trim(),
    source: "landing_page",
    tags: ["app_launch_notification", "early_access"],
  } satisfies EmailSignupInput;
}

/** POST /api/email-signup. */
export function createEmailSignup(email: string): Promise<EmailSignupResult> {
  return apiRequest<EmailSignupResult>("POST", "/api/email-signup", landingPageSignup(email));
}

export function useCreateEmailSignup() {
  return useMutation({ mutationKey: ["marketing", "email-signup"], mutationFn: createEmailSignup });
}

/**
 * Spec §8 signup card texts: the server's `error` field when it sent one, a generic line for
 * any other HTTP failure, and the network line when fetch itself threw.
 */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverError ?? messages.somethingWentWrong;
  return messages.networkError;
}

/** Spec §5: the card's own check before any request — non-empty and containing '@'. */
export function looksLikeEmail(value: string): boolean {
  const v = value.trim();
  return v !== "" && v.includes("@");
}
