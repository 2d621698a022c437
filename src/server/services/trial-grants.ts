/**
 * One card-free trial per person (decision 011). We keep an HMAC-SHA256 of the
 * e-mail address of every account that started one, in a table not tied to users, so the
 * address gets no second trial after the account is deleted and created again. The key is
 * TRIAL_EMAIL_HMAC_KEY when set; otherwise one is generated on first use and kept in the
 * database (app_secrets), so `npm start` needs nothing and every process shares it.
 */
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { appSecrets, trialGrants } from "../db/schema";

const KEY_NAME = "trial_email_hmac_key";
const keys = new WeakMap<Db, Promise<string>>();

async function loadOrCreateKey(db: Db): Promise<string> {
  // Insert-if-absent then read: concurrent first uses agree on one key.
  await db
    .insert(appSecrets)
    .values({ name: KEY_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, KEY_NAME));
  if (!row) throw new Error("trial key not stored");
  return row.value;
}

function keyFor(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreateKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** Canonical form: trimmed, lower-cased (addresses are stored lower-cased too). */
export async function emailHmac(db: Db, configuredKey: string | undefined, email: string): Promise<string> {
  const key = await keyFor(db, configuredKey);
  return createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}

export async function hadTrial(db: Db, configuredKey: string | undefined, email: string): Promise<boolean> {
  const hmac = await emailHmac(db, configuredKey, email);
  const [row] = await db.select({ h: trialGrants.emailHmac }).from(trialGrants).where(eq(trialGrants.emailHmac, hmac));
  return Boolean(row);
}

/** Records the address's trial (by its emailHmac); false when it already had one. Works inside a transaction. */
export async function claimTrial(db: Db, hmac: string): Promise<boolean> {
  const inserted = await db.insert(trialGrants).values({ emailHmac: hmac }).onConflictDoNothing().returning({ h: trialGrants.emailHmac });
  return inserted.length > 0;
}
