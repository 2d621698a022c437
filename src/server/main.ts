/** Start-up: validate the environment, open (and migrate) the database, listen, print the URL. */
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { openDatabase } from "./db/client";
import { EnvError, loadEnv } from "./env";

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({
    env,
    database,
    clientDir: fileURLToPath(new URL("../client", import.meta.url)),
    logger: { level: env.LOG_LEVEL },
  });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL";
  console.log(`CleanSpace is running at http://localhost:${env.PORT} (${where})`);
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) console.error(err.message);
  else console.error("CleanSpace failed to start:", err);
  process.exit(1);
});
