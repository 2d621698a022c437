/**
 * Server answers → what the user sees (spec §8 Login and Registration). An ApiError whose
 * body was JSON is a server answer; anything else (network down, HTML error page,
 * a bug) is "unexpected".
 */
import { messages } from "../../../domain/messages";
import { ApiError } from "../../lib/api-client";
import type { ToastInput } from "../../lib/toast-store";

function isServerAnswer(error: unknown): error is ApiError {
  return error instanceof ApiError && error.body !== undefined;
}

export function loginErrorToast(error: unknown): ToastInput {
  const failed = { variant: "destructive", title: messages.loginFailedTitle } as const;
  if (error instanceof ApiError && error.message.includes(messages.invalidCredentials)) {
    return { ...failed, description: messages.loginFailedWrong };
  }
  if (!isServerAnswer(error)) return { ...failed, description: messages.somethingWentWrong };
  return { ...failed, description: error.serverError ?? messages.loginFailedFallback };
}

export function registrationErrorToast(error: unknown): ToastInput {
  const failed = { variant: "destructive", title: messages.registrationFailedTitle } as const;
  if (!isServerAnswer(error)) return { ...failed, description: messages.somethingWentWrong };
  return { ...failed, description: error.serverError ?? messages.registrationFailedFallback };
}

export interface FieldIssue<F extends string> {
  field: F;
  message: string;
}

/** The first issue per known field of a 400 {error, issues: [{field, message}]}. */
export function fieldIssues<F extends string>(error: unknown, fields: readonly F[]): FieldIssue<F>[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const issues = (error.body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  const found = new Map<F, string>();
  for (const issue of issues as Array<{ field?: unknown; message?: unknown }>) {
    const field = fields.find((f) => f === issue?.field);
    if (field && typeof issue.message === "string" && !found.has(field)) found.set(field, issue.message);
  }
  return fields.filter((f) => found.has(f)).map((field) => ({ field, message: found.get(field)! }));
}
