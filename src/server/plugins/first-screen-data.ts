/**
 * The data a signed-in tab screen starts from, read when its HTML is asked for
 * (src/domain/first-screen.ts, decision 024). Each read goes through the app's own API route,
 * in-process, with the request's session cookie: the same guard, own-user check, quota,
 * presenter and serializer as the browser's request it replaces — so the page carries exactly
 * what that user's browser would have been sent, and nothing the API would refuse it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  FIRST_SCREEN_READS,
  firstScreenReadUrl,
  type FirstScreen,
  type FirstScreenData,
  type FirstScreenRead,
} from "../../domain/first-screen";

/**
 * The answers of the screen's reads for the session's user. A read that is not a 200 JSON
 * answer is left out (the client makes it); without the user's own record there is no
 * payload at all.
 */
export async function readFirstScreenData(
  app: FastifyInstance,
  request: FastifyRequest,
  screen: FirstScreen,
  userId: number,
): Promise<FirstScreenData | null> {
  const token = request.cookies[app.sessionCookie.name];
  if (!token) return null;
  const cookie = `${app.sessionCookie.name}=${encodeURIComponent(token)}`;
  const answers = await Promise.all(
    FIRST_SCREEN_READS[screen].map(async (read): Promise<[FirstScreenRead, unknown] | null> => {
      const res = await app.inject({
        method: "GET",
        url: firstScreenReadUrl(read, userId),
        headers: { cookie, accept: "application/json" },
        remoteAddress: request.ip,
      });
      if (res.statusCode !== 200 || !String(res.headers["content-type"] ?? "").startsWith("application/json")) return null;
      return [read, res.json()];
    }),
  );
  const reads: FirstScreenData["reads"] = {};
  for (const answer of answers) if (answer) reads[answer[0]] = answer[1];
  const me = reads.me as { id?: unknown } | undefined;
  // The session's user, read back: never a payload that names anyone else.
  if (me?.id !== userId) return null;
  return { userId, reads };
}
