/** Factories and helpers for API tests: sign-up through the real route, keep the cookie. */
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { mailOutbox } from "../db/schema";
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

export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const body = {
    name: overrides.name ?? "Test User",
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? GOOD_PASSWORD,
  };
  const res = await app.inject({ method: "POST", url: "/api/users", headers: SAME_ORIGIN, payload: body });
  if (res.statusCode !== 201) throw new Error(`buildUser failed: ${res.statusCode} ${res.body}`);
  return { ...res.json<{ id: number; email: string; name: string }>(), password: body.password, cookie: sessionCookie(res) };
}

/** Headers of a same-origin browser request carrying this user's session. */
export const as = (user: { cookie: string }) => ({ ...SAME_ORIGIN, cookie: user.cookie });

/** The token of the newest confirmation link mailed to `email` (read from the outbox). */
export async function verificationTokenFor(app: FastifyInstance, email: string): Promise<string> {
  await app.mail.idle();
  const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
  for (const row of rows) {
    const token = /\/verify-email\?token=([\w-]+)/.exec(row.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no confirmation link mailed to ${email}`);
}

/** Confirms the user's address through the real link and route, as a click in the mail would. */
export async function verifyEmail(app: FastifyInstance, user: { email: string }): Promise<void> {
  const token = await verificationTokenFor(app, user.email);
  const res = await app.inject({ method: "POST", url: "/api/auth/verify-email", headers: SAME_ORIGIN, payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

/** A signed-up user whose address is confirmed (a card-free trial needs it). */
export async function buildVerifiedUser(app: FastifyInstance, overrides: Parameters<typeof buildUser>[1] = {}): Promise<TestUser> {
  const user = await buildUser(app, overrides);
  await verifyEmail(app, user);
  return user;
}
