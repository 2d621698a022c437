/**
 * Test-only (src/server/test/routes/, never in the production bundle): gives the signed-in user a backdated history — scan snapshots
 * and cleanup events on past days, and a streak — so browser suites can check a week of
 * Insights through the real screens. The public API dates everything by the server's
 * clock, so this is the only way to have "last Tuesday". Only the test server (test/main.ts) and the API test app register it.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CLEANUP_ACTIONS, CLEANUP_CATEGORIES } from "../../../domain/schemas/cleanup-event";
import { ScanSummarySchema } from "../../../domain/schemas/scan-summary";
import { addDays } from "../../../domain/dates";
import { scoreSummary } from "../../../domain/health-score";
import { requireUser } from "../../auth/guard";
import { scanSnapshots, streaks } from "../../db/schema";
import { insertCleanupEventRows } from "../../services/cleanup-events";
import { saveSummary } from "../../services/digital-data";
import { userToday } from "../../services/user-time";

const daysAgo = z.number().int().min(0).max(400);

const SeedSchema = z.strictObject({
  snapshots: z
    .array(z.strictObject({ daysAgo, summary: ScanSummarySchema }))
    .max(100)
    .default([]),
  events: z
    .array(
      z.strictObject({
        daysAgo,
        category: z.enum(CLEANUP_CATEGORIES),
        action: z.enum(CLEANUP_ACTIONS),
        items: z.number().int().min(1),
        bytesFreed: z.number().int().min(0).default(0),
      }),
    )
    .max(500)
    .default([]),
  streak: z.strictObject({ historyDaysAgo: z.array(daysAgo).max(400), longestStreak: z.number().int().min(0) }).optional(),
});

export const testSeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/api/test/seed-insights", { config: { auth: true }, schema: { body: SeedSchema } }, async (request) => {
    const { userId } = requireUser(request);
    const today = await userToday(app.db, userId);
    const { snapshots, events, streak } = request.body;
    const ordered = [...snapshots].sort((a, b) => b.daysAgo - a.daysAgo);
    for (const [i, s] of ordered.entries()) {
      const localDate = addDays(today, -s.daysAgo);
      await app.db.insert(scanSnapshots).values({
        userId,
        localDate,
        takenAt: new Date(Date.parse(`${localDate}T12:00:00Z`) + i),
        healthScore: scoreSummary(s.summary).score,
        summary: s.summary,
      });
    }
    const latest = ordered[ordered.length - 1];
    if (latest) await saveSummary(app.db, userId, latest.summary);
    await insertCleanupEventRows(
      app.db,
      events.map((e, i) => {
        const localDate = addDays(today, -e.daysAgo);
        return {
          userId,
          clientId: `seed-${Date.now().toString(36)}-${i}`,
          category: e.category,
          action: e.action,
          items: e.items,
          bytesFreed: e.bytesFreed,
          localDate,
          createdAt: new Date(`${localDate}T10:00:00Z`),
        };
      }),
    );
    if (streak) {
      const history = [...new Set(streak.historyDaysAgo.map((d) => addDays(today, -d)))].sort();
      const last = history[history.length - 1] ?? null;
      let current = 0;
      for (let d = last; d && history.includes(d); d = addDays(d, -1)) current++;
      const values = {
        currentStreak: current,
        longestStreak: Math.max(streak.longestStreak, current),
        lastActiveDate: last ? new Date(`${last}T00:00:00Z`) : null,
        streakHistory: history,
      };
      await app.db
        .insert(streaks)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: streaks.userId, set: values });
    }
    return { today, snapshots: ordered.length, events: events.length };
  });
};
