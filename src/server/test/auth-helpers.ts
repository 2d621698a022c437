/** Factories and helpers for API tests: sign-up through the real route, keep the cookie. */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SAME_ORIGIN } from "./test-app";

let n = 0;
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;
}

export const GOOD_PASSWORD = "correct horse battery";

export function sessionCookie(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === "cs_session");
  if (!set) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `cs_session=${set.value}`;
}

export interface TestUser {
  id: number;
  email: string;
  name: string;
  password: string;
  cookie: string;
}

export async function buildUser(app: FastifyInstance, overrides: Partial<{ name: string; email: string; password: string }> = {}): Promise<TestUser> {
  const body = { name: overrides.name ?? "Test User", email: overrides.email ?? uniqueEmail(), password: overrides.password ?? GOOD_PASSWORD };
  const res = await app.inject({ method: "POST", url: "/api/users", headers: SAME_ORIGIN, payload: body });
  if (res.statusCode !== 201) throw new Error(`buildUser failed: ${res.statusCode} ${res.body}`);
  return { ...res.json<{ id: number; email: string; name: string }>(), password: body.password, cookie: sessionCookie(res) };
}

/** Headers of a same-origin browser request carrying this user's session. */
export const as = (user: { cookie: string }) => ({ ...SAME_ORIGIN, cookie: user.cookie });
