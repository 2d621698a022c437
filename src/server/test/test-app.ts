/**
 * A fresh app per test file: in-memory PGlite (from the run's migrated template) by default, or — when DATABASE_URL is set —
 * a PostgreSQL database copied for this file from the run's migrated template and dropped afterwards, so the
 * same API suite proves both drivers.
 */
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { loadEnv, type Env } from "../env";
import { createScratchDatabase } from "./postgres-template";
import { TEST_ROUTES } from "./routes";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const scratch = baseUrl ? await createScratchDatabase(baseUrl, inject("postgresTemplate") || undefined) : undefined;
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    RATE_LIMIT_MULTIPLIER: "100",
    ...envOverrides,
    DATABASE_URL: scratch?.url ?? "",
  });
  const database = await openTestDatabase(scratch?.url);
  const app = await buildApp({ env, database, extraRoutes: TEST_ROUTES });
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** Headers a same-origin browser request carries (the Origin check lets these through). */
export const SAME_ORIGIN = { origin: "http://localhost:80", host: "localhost:80" } as const;
