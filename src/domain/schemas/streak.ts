/** The declutter streak on the wire (spec §7 /api/streaks). */
import { z } from "zod";
import { TimeZoneSchema } from "./time-zone";

export const StreakSchema = z.object({
  userId: z.number(),
  currentStreak: z.number(),
  longestStreak: z.number(),
  lastActiveDate: z.string().nullable(),
  streakHistory: z.array(z.string()),
  today: z.string(),
});
export type Streak = z.infer<typeof StreakSchema>;

export const StreakUpdateSchema = z.strictObject({ timezone: TimeZoneSchema.optional() }).optional();
