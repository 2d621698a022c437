/** The user's own calendar: a time zone from the request (remembered) or their settings. */
import { eq } from "drizzle-orm";
import { isValidTimeZone, localDate } from "../../domain/dates";
import type { Db } from "../db/client";
import { userSettings } from "../db/schema";

export async function userTimeZone(db: Db, userId: number, provided?: string): Promise<string> {
  if (provided && isValidTimeZone(provided)) {
    await rememberTimeZone(db, userId, provided);
    return provided;
  }
  const [row] = await db.select({ timezone: userSettings.timezone }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.timezone ?? "UTC";
}

export async function rememberTimeZone(db: Db, userId: number, zone: string): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, timezone: zone })
    .onConflictDoUpdate({ target: userSettings.userId, set: { timezone: zone } });
}

export async function userToday(db: Db, userId: number, provided?: string, now = new Date()): Promise<string> {
  return localDate(now, await userTimeZone(db, userId, provided));
}
