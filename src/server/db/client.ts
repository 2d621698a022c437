/**
 * One dialect, two drivers (ARCHITECTURE.md principle 4): PGlite in-process when no
 * DATABASE_URL is set, node-postgres when it is. Same schema, same migrations.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzleTextParsers, tunePglite } from "./pglite-client";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted means in-memory (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this dump (PGlite's `dumpDataDir`) instead of running
   * initdb; the migrations then apply only what the dump does not have yet.
   */
  initialDataDir?: Blob | undefined;
}

/** Where the drizzle-kit migrations live, beside this module (copied next to the bundle). */
export function migrationsFolder(): string {
  return fileURLToPath(new URL("./migrations", import.meta.url));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options.dataDir, options.initialDataDir);
  return db;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast when the server is down, so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
    query_timeout: 5000,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, initialDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const options = { parsers: drizzleTextParsers(), ...(initialDataDir && !dataDir ? { loadDataDir: initialDataDir } : {}) };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  tunePglite(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: migrationsFolder() });
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
