/**
 * The only e-mail data the server keeps: the spec's emailCount, emailUnread and emailStorage
 * (GB) on digital_data. When a scan summary exists its e-mail figures follow, and the health
 * score is recomputed, so the dashboard's card, score, goal and recommendations use them.
 */
import { eq } from "drizzle-orm";
import { INT4_MAX } from "../../domain/limits";
import type { EmailAggregates } from "../../domain/schemas/email";
import { ScanSummarySchema } from "../../domain/schemas/scan-summary";
import type { Db } from "../db/client";
import { digitalData } from "../db/schema";
import { scoreSummary } from "../../domain/health-score";
import type { Totals } from "./mailbox";

const GB = 1e9;
const clampCount = (n: number) => Math.max(0, Math.min(INT4_MAX, Math.round(n)));

export async function readEmailAggregates(db: Db, userId: number): Promise<EmailAggregates> {
  const [row] = await db
    .select({ c: digitalData.emailCount, u: digitalData.emailUnread, s: digitalData.emailStorage })
    .from(digitalData)
    .where(eq(digitalData.userId, userId));
  return { emailCount: row?.c ?? 0, emailUnread: row?.u ?? 0, emailStorage: Number(row?.s ?? 0) };
}

export async function saveEmailAggregates(db: Db, userId: number, totals: Totals): Promise<EmailAggregates> {
  const emailCount = clampCount(totals.count);
  const emailUnread = clampCount(Math.min(totals.unread, totals.count));
  const gb = Math.max(0, totals.bytes) / GB;
  const emailStorage = gb.toFixed(3);
  const [row] = await db.select({ summary: digitalData.summary }).from(digitalData).where(eq(digitalData.userId, userId));
  const parsed = row?.summary ? ScanSummarySchema.safeParse(row.summary) : null;
  const cols: Partial<typeof digitalData.$inferInsert> = { emailCount, emailUnread, emailStorage, updatedAt: new Date() };
  if (parsed?.success) {
    const summary = { ...parsed.data, emailCount, emailUnread };
    cols.summary = summary;
    cols.healthScore = scoreSummary(summary).score;
  }
  await db
    .insert(digitalData)
    .values({ userId, ...cols })
    .onConflictDoUpdate({ target: digitalData.userId, set: cols });
  return { emailCount, emailUnread, emailStorage: Number(emailStorage) };
}

/** Applies an action's change to the stored totals. */
export async function adjustEmailAggregates(db: Db, userId: number, delta: Totals): Promise<EmailAggregates> {
  const now = await readEmailAggregates(db, userId);
  return saveEmailAggregates(db, userId, {
    count: now.emailCount + delta.count,
    unread: now.emailUnread + delta.unread,
    bytes: Math.round(now.emailStorage * GB) + delta.bytes,
  });
}
