/**
 * One migrated PGlite for the whole test run. Creating a PGlite runs initdb, which costs
 * seconds of CPU; a test file instead starts from a dump of a database that initdb and every
 * migration have already been run on (PGlite's public `dumpDataDir` / `loadDataDir`).
 *
 * The dump lives in node_modules/.cache (inside the repository, ignored by git) under a name
 * derived from the migration files and the PGlite version, so a new migration or a PGlite
 * upgrade makes a new one and a stale dump is never loaded.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { migrationsFolder } from "../db/client";

const CACHE_DIR = join(process.cwd(), "node_modules", ".cache", "cleanspace");

/** The installed PGlite's version (its package.json is not exported, so found beside its entry point). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/** A digest of everything that decides the template's contents. */
export function templateKey(): string {
  const hash = createHash("sha256").update(pgliteVersion());
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder());
  return hash.digest("hex").slice(0, 16);
}

/** The path of the migrated template's dump, made when missing. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = join(CACHE_DIR, `pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite();
  await migrate(drizzle(client) as never, { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written beside and renamed, so a run that stops half-way never leaves a partial dump.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
