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

/** The lookup every signed-in request makes. */
const sessionLookup = preparedPerDb((db) => {
  const now = sql.placeholder("now");
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .limit(1)
    .prepare("cs_session_lookup");
});

/** Looks the token up; extends a live session's sliding expiry. Returns null when invalid. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<(SessionInfo & { expiresAt: Date; touched: boolean }) | null> {
  const id = hashToken(token);
  const [row] = await sessionLookup(db).execute({ id, now: now.toISOString() });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() < TOUCH_AFTER_MS) {
    return { id, userId: row.userId, expiresAt: row.expiresAt, touched: false };
  }
  const expiresAt = new Date(Math.min(now.getTime() + SLIDING_MS, row.absoluteExpiresAt.getTime()));
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  return { id, userId: row.userId, expiresAt, touched: true };
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user, optionally keeping one (the one changing the password). */
export async function destroyUserSessions(db: Db, userId: number, keepId?: string): Promise<void> {
  await db.delete(sessions).where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  return raw && /^[A-Za-z0-9_-]{43}$/.test(raw) ? raw : undefined;
}
