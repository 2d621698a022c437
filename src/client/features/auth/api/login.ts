/** POST /api/auth/login (spec §7): {email, password} → {user: {id, email, name}}. */
import { useMutation } from "@tanstack/react-query";
import type { LoginInput } from "../../../../domain/schemas/auth";
import { apiRequest } from "../../../lib/api-client";

export interface LoginResponse {
  user: { id: number; email: string; name?: string };
}

export function postLogin(input: LoginInput): Promise<LoginResponse> {
  return apiRequest<LoginResponse>("POST", "/api/auth/login", input);
}

export function useLogin() {
  return useMutation({ mutationFn: postLogin });
}
