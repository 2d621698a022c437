/**
 * The user's server data as one document (the privacy right to data portability; Terms:
 * "users may export their data"): account without the password hash or payment-provider
 * ids, settings, aggregates, every snapshot and cleanup event, streak, filter presets,
 * export history and a kept mailbox's address (never its sealed secret). Only aggregates
 * exist on the server, so no file name or message can be in it.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { isMailOAuthProvider } from "../../domain/email-oauth";
import type { AccountExport } from "../../domain/schemas/export";
import { DEFAULT_SETTINGS, SettingsSchema } from "../../domain/schemas/settings";
import { effectiveStatus } from "../../domain/subscription";
import type { Db } from "../db/client";
import { cleanupEvents, digitalData, exportHistory, filterPresets, mailAccounts, scanSnapshots, userSettings, users } from "../db/schema";
import { HttpError } from "../plugins/errors";
import { getStreak } from "./streaks";

const iso = (d: Date) => d.toISOString();
const asJson = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

async function exportSettings(db: Db, userId: number): Promise<AccountExport["settings"]> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const merged: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(SettingsSchema.shape)) {
    const value = (row as Record<string, unknown> | undefined)?.[key];
    merged[key] = field.safeParse(value).success ? value : DEFAULT_SETTINGS[key as keyof typeof DEFAULT_SETTINGS];
  }
  return { ...(merged as typeof DEFAULT_SETTINGS), dismissedSuggestions: row?.dismissedSuggestions ?? [] };
}

/** Rows read per query while streaming the history (bounded memory and event-loop stretches). */
export const EXPORT_PAGE_ROWS = 500;

type Streamed = "snapshots" | "events";
export interface AccountExportStream {
  /** The document, its two long histories left empty: they come from `pages`, in their place. */
  head: Omit<AccountExport, Streamed> & Record<Streamed, []>;
  /** Snapshots and cleanup events, a page at a time, in the order the server stored them. */
  pages: Record<Streamed, AsyncIterable<readonly unknown[]>>;
}

/** Keyset pages of one user's rows (id order): each query reads at most `pageRows` rows. */
async function* pagesOf<R extends { id: number }, T>(
  read: (afterId: number, limit: number) => Promise<R[]>,
  present: (row: R) => T,
  pageRows: number,
) {
  let after = 0;
  for (;;) {
    const rows = await read(after, pageRows);
    if (rows.length === 0) return;
    yield rows.map(present);
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function accountExportStream(
  db: Db,
  userId: number,
  today: string,
  now = new Date(),
  pageRows = EXPORT_PAGE_ROWS,
): Promise<AccountExportStream> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(404, "Not found");
  const [settings, [aggregates], streak, presets, history, [mailbox]] = await Promise.all([
    exportSettings(db, userId),
    db.select().from(digitalData).where(eq(digitalData.userId, userId)),
    getStreak(db, userId, today),
    db.select().from(filterPresets).where(eq(filterPresets.userId, userId)).orderBy(asc(filterPresets.createdAt), asc(filterPresets.id)),
    db.select().from(exportHistory).where(eq(exportHistory.userId, userId)).orderBy(asc(exportHistory.createdAt), asc(exportHistory.id)),
    // Never the sealed secret: only where the kept mailbox is and how it signs in.
    db
      .select({
        host: mailAccounts.host,
        port: mailAccounts.port,
        username: mailAccounts.username,
        oauthProvider: mailAccounts.oauthProvider,
        createdAt: mailAccounts.createdAt,
      })
      .from(mailAccounts)
      .where(eq(mailAccounts.userId, userId)),
  ]);
  const snapshots = pagesOf(
    (after, limit) =>
      db
        .select()
        .from(scanSnapshots)
        .where(and(eq(scanSnapshots.userId, userId), gt(scanSnapshots.id, after)))
        .orderBy(asc(scanSnapshots.id))
        .limit(limit),
    (s) => ({ takenAt: iso(s.takenAt), localDate: s.localDate, healthScore: s.healthScore, summary: asJson(s.summary) }),
    pageRows,
  );
  const events = pagesOf(
    (after, limit) =>
      db
        .select()
        .from(cleanupEvents)
        .where(and(eq(cleanupEvents.userId, userId), gt(cleanupEvents.id, after)))
        .orderBy(asc(cleanupEvents.id))
        .limit(limit),
    (e) => ({
      clientId: e.clientId,
      category: e.category,
      action: e.action,
      items: e.items,
      bytesFreed: Number(e.bytesFreed),
      localDate: e.localDate,
      createdAt: iso(e.createdAt),
    }),
    pageRows,
  );
  const head: AccountExportStream["head"] = {
    format: "cleanspace-account-export",
    version: 1,
    exportedAt: iso(now),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      onboardingCompleted: user.onboardingCompleted,
      subscriptionStatus: effectiveStatus(user, now),
      subscriptionPlan: user.subscriptionPlan,
      trialEndsAt: user.trialEndsAt ? iso(user.trialEndsAt) : null,
      createdAt: iso(user.createdAt),
    },
    settings,
    aggregates: aggregates
      ? {
          healthScore: aggregates.healthScore,
          photosCount: aggregates.photosCount,
          photosDuplicates: aggregates.photosDuplicates,
          photosStorage: Number(aggregates.photosStorage),
          filesCount: aggregates.filesCount,
          filesLarge: aggregates.filesLarge,
          filesStorage: Number(aggregates.filesStorage),
          appsCount: aggregates.appsCount,
          appsUnused: aggregates.appsUnused,
          appsStorage: Number(aggregates.appsStorage),
          emailCount: aggregates.emailCount,
          emailUnread: aggregates.emailUnread,
          emailStorage: Number(aggregates.emailStorage),
          summary: aggregates.summary ? asJson(aggregates.summary) : null,
          updatedAt: iso(aggregates.updatedAt),
        }
      : null,
    snapshots: [],
    events: [],
    streak: {
      currentStreak: streak.currentStreak,
      longestStreak: streak.longestStreak,
      lastActiveDate: streak.lastActiveDate,
      streakHistory: streak.streakHistory,
    },
    filterPresets: presets.map((p) => ({
      name: p.name,
      description: p.description,
      category: p.category,
      criteria: p.criteria,
      createdAt: iso(p.createdAt),
    })),
    exportHistory: history.map((h) => ({ type: h.type, name: h.name, size: h.size, status: h.status, createdAt: iso(h.createdAt) })),
    mailbox: mailbox
      ? {
          host: mailbox.host,
          port: mailbox.port,
          username: mailbox.username,
          method: isMailOAuthProvider(mailbox.oauthProvider) ? mailbox.oauthProvider : "password",
          keptSince: iso(mailbox.createdAt),
        }
      : null,
  };
  return { head, pages: { snapshots, events } };
}
