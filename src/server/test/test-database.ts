/**
 * The database a test file opens: PostgreSQL when a URL is given, otherwise an in-memory
 * PGlite loaded from the run's migrated template (pglite-template.ts) — the same schema
 * initdb and the migrations would make, without paying for them per file.
 */
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/client";

export async function openTestDatabase(databaseUrl?: string): Promise<Database> {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const template = inject("pgliteTemplate");
  // Outside a run with the global setup (none provided), the slow path still gives a correct database.
  if (!template) return openDatabase({});
  return openDatabase({ initialDataDir: new Blob([await readFile(template)]) });
}
