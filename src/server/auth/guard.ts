/**
 * The auth guard and the own-user rule. Routes that need a user say
 * `config: { auth: true }`: without a session they answer 401 before anything else runs
 * (even body validation). `requireOwnUser(request, id)` guards `/{userId}` paths — another
 * user's id is a 404 (it does not even confirm the id exists).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../plugins/errors";
import { readSessionToken, resolveSession, setSessionCookie, type SessionInfo, type SessionRead } from "./sessions";

/**
 * A hot route's session read: one statement checks the session and reads the route's data,
 * a round trip fewer per request. The check stays in the onRequest hook, so the 401 still
 * comes before anything else. Null when the read cannot apply to this request (malformed
 * params, which validation answers): the plain lookup runs instead.
 */
export type SessionJoin<T> = (request: FastifyRequest) => SessionRead<T> | null;

declare module "fastify" {
  interface FastifyRequest {
    session: SessionInfo | null;
    sessionJoined: { join: SessionJoin<unknown>; value: unknown } | null;
  }
  interface FastifyContextConfig {
    /** The route needs a signed-in user. */
    auth?: boolean;
    /** Reads the route's data in the session lookup's statement. */
    sessionJoin?: SessionJoin<unknown>;
  }
}

/** The request's session, if its cookie names a live one; refreshes the cookie when the session slid. */
export async function sessionOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  join?: SessionJoin<unknown>,
): Promise<SessionInfo | null> {
  const token = readSessionToken(request, app.sessionCookie);
  if (!token) return null;
  const read = join?.(request) ?? null;
  const found = read ? await resolveSession(app.db, token, new Date(), read) : await resolveSession(app.db, token);
  if (!found) return null;
  if (found.touched) setSessionCookie(reply, token, found.expiresAt, app.sessionCookie);
  if (join && read) request.sessionJoined = { join, value: found.joined };
  return { id: found.id, userId: found.userId };
}

/** What the route's SessionJoin read with the session; undefined when the plain lookup ran. */
export function joinedOf<T>(request: FastifyRequest, join: SessionJoin<T>): T | undefined {
  return request.sessionJoined?.join === join ? (request.sessionJoined.value as T) : undefined;
}

export function registerSessionLookup(app: FastifyInstance): void {
  app.decorateRequest("session", null);
  app.decorateRequest("sessionJoined", null);
  app.addHook("onRequest", async (request, reply) => {
    // The routed path (decoded, matched), never the raw URL: `/%61pi/…` reaches the same
    // route as `/api/…` and must meet the same guard.
    if (!isApiRoute(request)) return;
    request.session = await sessionOf(app, request, reply, request.routeOptions.config?.sessionJoin);
    if (request.routeOptions.config?.auth && !request.session) throw new HttpError(401, "Authentication required");
  });
}

/** The request matched an /api route (judged on the route Fastify chose, not the raw URL). */
export function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && url.startsWith("/api/");
}

export function requireUser(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new HttpError(401, "Authentication required");
  return request.session;
}

export function requireOwnUser(request: FastifyRequest, userId: number): SessionInfo {
  const session = requireUser(request);
  if (session.userId !== userId) throw new HttpError(404, "Not found");
  return session;
}
