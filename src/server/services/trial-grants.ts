/**
 * One card-free trial per person (decision 011). We keep an HMAC-SHA256 of the
 * e-mail address of every account that started one, in a table not tied to users, so the
 * address gets no second trial after the account is deleted and created again. The key is
 * TRIAL_EMAIL_HMAC_KEY when set; otherwise one is generated on first use and kept in the
 * database (app_secrets), so `npm start` needs nothing and every process shares it.
 * The address is first reduced to its mailbox (domain/mailbox-key.ts: Gmail dots, +tags), so
 * spellings that reach one mailbox share one trial; trial_grants' primary key on the hash is
 * the claim, so concurrent requests from several spellings cannot each take one (issue 39 #1).
 */
import { createHmac, randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { mailboxKey } from "../../domain/mailbox-key";
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

const hmacOf = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** The hash of the address's mailbox (mailboxKey): what a trial is claimed under. */
export async function emailHmac(db: Db, configuredKey: string | undefined, email: string): Promise<string> {
  return hmacOf(await keyFor(db, configuredKey), mailboxKey(email));
}

/** Every hash a past grant for this address may be stored under (the mailbox's, and the pre-mailbox-key one). */
export async function grantHashes(db: Db, configuredKey: string | undefined, email: string): Promise<string[]> {
  const key = await keyFor(db, configuredKey);
  // Grants recorded before mailbox keys hashed the whole lower-cased address: still honoured.
  return [hmacOf(key, mailboxKey(email)), hmacOf(key, email.trim().toLowerCase())];
}

/** True when any of `hashes` has a grant. Works inside a transaction. */
export async function anyGrant(db: Db, hashes: string[]): Promise<boolean> {
  const [row] = await db.select({ h: trialGrants.emailHmac }).from(trialGrants).where(inArray(trialGrants.emailHmac, hashes)).limit(1);
  return Boolean(row);
}

export async function hadTrial(db: Db, configuredKey: string | undefined, email: string): Promise<boolean> {
  return anyGrant(db, await grantHashes(db, configuredKey, email));
}

/** Records the address's trial (by its emailHmac); false when it already had one. Works inside a transaction. */
export async function claimTrial(db: Db, hmac: string): Promise<boolean> {
  const inserted = await db.insert(trialGrants).values({ emailHmac: hmac }).onConflictDoNothing().returning({ h: trialGrants.emailHmac });
  return inserted.length > 0;
}

/** Takes back a claim whose trial never started (the card provider refused the subscription). */
export async function releaseTrial(db: Db, hmac: string): Promise<void> {
  await db.delete(trialGrants).where(eq(trialGrants.emailHmac, hmac));
}
