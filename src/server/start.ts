/**
 * Start-up: validate the environment, open (and migrate) the database, listen, start the
 * retention job, and say where the app is and which origin its links use.
 * main.ts starts it for `npm start`; test/main.ts adds the test-only routes.
 */
import { fileURLToPath } from "node:url";
import type { FastifyPluginAsync } from "fastify";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { appOrigin, EnvError, loadEnv, parseTrustProxy } from "./env";
import { scheduleRetention } from "./services/retention";

export async function startServer(extraRoutes: FastifyPluginAsync[] = []): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({
    env,
    database,
    clientDir: fileURLToPath(new URL("../client", import.meta.url)),
    logger: { level: env.LOG_LEVEL },
    extraRoutes,
  });
  const stopRetention = scheduleRetention(database.db, app.log);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    stopRetention();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL";
  console.log(`CleanSpace is running at http://localhost:${env.PORT} (${where})`);
  console.log(startupNotes(env).join("\n"));
}

/** What an operator should know about the configuration (printed at start-up). */
export function startupNotes(env: Parameters<typeof appOrigin>[0] & { TRUST_PROXY?: string | undefined }): string[] {
  const origin = appOrigin(env);
  const proxy = parseTrustProxy(env.TRUST_PROXY);
  return [
    env.APP_ORIGIN
      ? `Links in mail use ${origin}.`
      : `APP_ORIGIN is not set: links in mail use ${origin}. Set APP_ORIGIN to the public address (https://…) before others use this server.`,
    origin.startsWith("https://")
      ? "Cookies are Secure (__Host- prefix) and HSTS is on."
      : "Served over http: cookies are not Secure and HSTS is off (set an https APP_ORIGIN for both).",
    proxy === false || proxy === null
      ? "TRUST_PROXY is not set: the connecting peer is the client (no X-Forwarded-* header is believed)."
      : `TRUST_PROXY=${env.TRUST_PROXY}: X-Forwarded-* headers from ${typeof proxy === "number" ? `${proxy} proxy hop(s)` : proxy.join(", ")} are believed.`,
  ];
}

export function runServer(extraRoutes: FastifyPluginAsync[] = []): void {
  startServer(extraRoutes).catch((err: unknown) => {
    if (err instanceof EnvError) console.error(err.message);
    else console.error("CleanSpace failed to start:", err);
    process.exit(1);
  });
}
