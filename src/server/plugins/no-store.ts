/**
 * No API answer is kept by a browser or shared cache: signed-in answers carry
 * personal data, and a shared computer's back button or a proxy must not replay them. Every
 * /api response is `Cache-Control: no-store` unless its route chose a policy itself — and a
 * signed-in request always gets no-store, whatever the route set.
 */
import type { FastifyInstance } from "fastify";

export function registerNoStore(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api") && !request.routeOptions.url?.startsWith("/api/")) return payload;
    const chosen = reply.getHeader("cache-control");
    if (request.session || chosen === undefined)
      reply.header("cache-control", chosen && String(chosen).includes("no-store") ? chosen : "no-store");
    return payload;
  });
}
