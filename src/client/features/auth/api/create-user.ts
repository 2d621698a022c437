/** POST /api/users (spec §7): {name, email, password} — never confirmPassword — → 201 {id, name, email}. */
import { useMutation } from "@tanstack/react-query";
import type { CreateUserInput } from "../../../../domain/schemas/auth";
import { apiRequest } from "../../../lib/api-client";

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
}

export function postUser({ name, email, password }: CreateUserInput): Promise<CreatedUser> {
  return apiRequest<CreatedUser>("POST", "/api/users", { name, email, password });
}

export function useCreateUser() {
  return useMutation({ mutationFn: postUser });
}
