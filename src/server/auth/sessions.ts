/**
 * Sessions: a random 32-byte token in an httpOnly cookie; only its SHA-256 is stored.
 * Sliding expiry of 30 days (refreshed at most hourly to spare writes) under an absolute
 * cap of 90 days. A new token at every sign-in (no fixation).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { preparedPerDb } from "../db/prepared";
import { sessions } from "../db/schema";

export const SESSION_COOKIE = "cs_session";
/**
 * Served over https (APP_ORIGIN is https://…): the cookie is Secure and carries the `__Host-`
 * prefix, so the browser only accepts it from this exact host over https, with Path=/ and no
 * Domain, and no sibling subdomain or plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = "__Host-cs_session";

export interface CookiePolicy {
  name: string;
  secure: boolean;
}

export const cookiePolicy = (https: boolean): CookiePolicy =>
  https ? { name: SECURE_SESSION_COOKIE, secure: true } : { name: SESSION_COOKIE, secure: false };
export const SLIDING_MS = 30 * 24 * 3600 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 3600 * 1000;
const TOUCH_AFTER_MS = 3600 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionInfo {
  id: string;
  userId: number;
}

export async function createSession(db: Db, userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SLIDING_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + ABSOLUTE_MS),
  });
  return { token, expiresAt };
}

/** What the hook needs of a session row to judge it live and slide it. */
export const sessionColumns = {
  userId: sessions.userId,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  absoluteExpiresAt: sessions.absoluteExpiresAt,
};
export type SessionRow = { userId: number; lastSeenAt: Date; expiresAt: Date; absoluteExpiresAt: Date };

/**
 * The live-session condition, for statements that read a route's data in the same round trip
 * as the session (placeholders `sessionId` and `now`). Every such statement checks the
 * database, so a revoked session stops working on every process at once.
 */
export function liveSession() {
  const now = sql.placeholder("now");
  return and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now));
}

/** A live session's row and whatever the reading statement joined to it. */
export type SessionRead<T> = (db: Db, sessionId: string, now: Date) => Promise<{ session: SessionRow; joined: T } | undefined>;

/** The lookup every signed-in request makes. */
const sessionLookup = preparedPerDb((db) =>
  db.select({ session: sessionColumns }).from(sessions).where(liveSession()).prepare("cs_session_lookup"),
);

const plainRead: SessionRead<undefined> = async (db, sessionId, now) => {
  const [row] = await sessionLookup(db).execute({ sessionId, now: now.toISOString() });
  return row && { session: row.session, joined: undefined };
};

export type ResolvedSession<T> = SessionInfo & { expiresAt: Date; touched: boolean; joined: T };

/** Looks the token up (through `read`, which may join the route's data); extends a live session's sliding expiry. Returns null when invalid. */
export async function resolveSession(db: Db, token: string, now?: Date): Promise<ResolvedSession<undefined> | null>;
export async function resolveSession<T>(db: Db, token: string, now: Date, read: SessionRead<T>): Promise<ResolvedSession<T> | null>;
export async function resolveSession<T>(
  db: Db,
  token: string,
  now = new Date(),
  read?: SessionRead<T>,
): Promise<ResolvedSession<T | undefined> | null> {
  const id = hashToken(token);
  const found = await (read ?? plainRead)(db, id, now);
  if (!found) return null;
  const { session: row, joined } = found;
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_AFTER_MS) {
    return { id, userId: row.userId, expiresAt: row.expiresAt, touched: false, joined };
  }
  const expiresAt = new Date(Math.min(now.getTime() + SLIDING_MS, row.absoluteExpiresAt.getTime()));
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  return { id, userId: row.userId, expiresAt, touched: true, joined };
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user, optionally keeping one (the one changing the password). */
export async function destroyUserSessions(db: Db, userId: number, keepId?: string): Promise<void> {
  await db.delete(sessions).where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, policy: CookiePolicy): void {
  reply.setCookie(policy.name, token, { httpOnly: true, sameSite: "lax", secure: policy.secure, path: "/", expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, policy: CookiePolicy): void {
  reply.clearCookie(policy.name, { httpOnly: true, sameSite: "lax", secure: policy.secure, path: "/" });
}

export function readSessionToken(request: FastifyRequest, policy: CookiePolicy): string | undefined {
  const raw = request.cookies[policy.name];
  return raw && /^[A-Za-z0-9_-]{43}$/.test(raw) ? raw : undefined;
}
