/**
 * A fresh app per test file: in-memory PGlite (from the run's migrated template) by default, or — when DATABASE_URL is set —
 * a brand-new PostgreSQL database created for this file and dropped afterwards, so the
 * same API suite proves both drivers.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { loadEnv, type Env } from "../env";
import { TEST_ROUTES } from "./routes";
import { openTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cs_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  const scratch = baseUrl ? await createScratchDatabase(baseUrl) : undefined;
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
