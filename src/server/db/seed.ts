import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { tips } from "./schema";
import { TIPS } from "./tips-data";

/** Seeds the tips idempotently: existing titles are left alone, new ones are added. */
export async function seedTips(db: Db): Promise<void> {
  await db
    .insert(tips)
    .values(TIPS.map((t) => ({ ...t, priority: t.priority ?? 1 })))
    .onConflictDoNothing({ target: tips.title });
  // Keep the sequence sane on PostgreSQL after conflicting inserts (no-op cost).
  await db.execute(sql`select 1`);
}
