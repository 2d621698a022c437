/**
 * `npm run signups:export` — prints the early-access list as CSV on stdout. It opens the
 * database exactly as the server does (DATABASE_URL, else PGlite in DATA_DIR, default ./data).
 */
import { openDatabase } from "../db/client";
import { EnvError, loadEnv } from "../env";
import { readSignups, signupsToCsv } from "./signups-csv";

async function main(): Promise<void> {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.info(
      [
        "Usage: npm run signups:export [> signups.csv]",
        "Prints email,source,tags,created_at for every early-access signup.",
        "Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).",
        "With the embedded database, stop the server first: one data directory serves one process.",
      ].join("\n"),
    );
    return;
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const rows = await readSignups(database.db);
    process.stdout.write(signupsToCsv(rows));
    console.error(`${rows.length} signup(s) exported from ${database.kind === "pglite" ? env.DATA_DIR : "PostgreSQL"}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof EnvError ? err.message : `Export failed: ${String(err)}`);
  process.exit(1);
});
