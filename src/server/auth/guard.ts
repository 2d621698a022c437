/**
 * The auth guard and the own-user rule. Routes that need a user say
 * `config: { auth: true }`: without a session they answer 401 before anything else runs
 * (even body validation). `requireOwnUser(request, id)` guards `/{userId}` paths — another
 * user's id is a 404 (it does not even confirm the id exists).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../plugins/errors";
import { readSessionToken, resolveSession, setSessionCookie, type SessionInfo } from "./sessions";

declare module "fastify" {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyContextConfig {
    /** The route needs a signed-in user. */
    auth?: boolean;
  }
}

/** The request's session, if its cookie names a live one; refreshes the cookie when the session slid. */
export async function sessionOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const found = await resolveSession(app.db, token);
  if (!found) return null;
  if (found.touched) setSessionCookie(reply, token, found.expiresAt, app.env.NODE_ENV === "production");
  return { id: found.id, userId: found.userId };
}

export function registerSessionLookup(app: FastifyInstance): void {
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/")) return;
    request.session = await sessionOf(app, request, reply);
    if (request.routeOptions.config?.auth && !request.session) throw new HttpError(401, "Authentication required");
  });
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
