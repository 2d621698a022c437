/**
 * The whole server data model: spec §3 tables (users, digital_data, streaks, tips) with
 * their columns and defaults, plus the tables ARCHITECTURE.md "Data model" adds.
 * Everything a user owns cascades on user deletion (the privacy right to delete).
 * No table holds a file name, path or content: only aggregates.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const userRef = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    // Stored lower-cased; the unique index makes e-mail case-insensitive.
    email: text("email").notNull().unique(),
    emailVerifiedAt: ts("email_verified_at"),
    password: text("password").notNull(),
    onboardingCompleted: boolean("onboarding_completed").notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionStatus: text("subscription_status").notNull().default("free"),
    subscriptionPlan: text("subscription_plan"),
    trialEndsAt: ts("trial_ends_at"),
    // Set when a renewal payment fails; access continues 7 days (Terms), then ends.
    pastDueSince: ts("past_due_since"),
    // Mirrors of the provider's subscription (re-read on every webhook, decision 011).
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodEnd: ts("current_period_end"),
    // First successful payment: the Terms' 30-day refund window starts here.
    firstPaidAt: ts("first_paid_at"),
    refundedAt: ts("refunded_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("users_stripe_customer_idx").on(t.stripeCustomerId)],
);

export const digitalData = pgTable("digital_data", {
  id: serial("id").primaryKey(),
  userId: userRef().unique(),
  healthScore: integer("health_score").notNull().default(0),
  photosCount: integer("photos_count").notNull().default(0),
  photosDuplicates: integer("photos_duplicates").notNull().default(0),
  photosStorage: numeric("photos_storage", { precision: 14, scale: 3 }).notNull().default("0"),
  filesCount: integer("files_count").notNull().default(0),
  filesLarge: integer("files_large").notNull().default(0),
  filesStorage: numeric("files_storage", { precision: 14, scale: 3 }).notNull().default("0"),
  appsCount: integer("apps_count").notNull().default(0),
  appsUnused: integer("apps_unused").notNull().default(0),
  appsStorage: numeric("apps_storage", { precision: 14, scale: 3 }).notNull().default("0"),
  emailCount: integer("email_count").notNull().default(0),
  emailUnread: integer("email_unread").notNull().default(0),
  emailStorage: numeric("email_storage", { precision: 14, scale: 3 }).notNull().default("0"),
  // The latest scan's full aggregate summary (counts and bytes per category, duplicates,
  // large, old). Aggregates only, validated by ScanSummarySchema.
  summary: jsonb("summary"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const streaks = pgTable("streaks", {
  id: serial("id").primaryKey(),
  userId: userRef().unique(),
  currentStreak: integer("current_streak").notNull().default(0),
  longestStreak: integer("longest_streak").notNull().default(0),
  lastActiveDate: ts("last_active_date"),
  streakHistory: text("streak_history")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const tips = pgTable("tips", {
  id: serial("id").primaryKey(),
  category: text("category").notNull(),
  // Unique so the start-up seed is idempotent.
  title: text("title").notNull().unique(),
  content: text("content").notNull(),
  priority: integer("priority").notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
});

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie token; the token itself is never stored.
    id: text("id").primaryKey(),
    userId: userRef(),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    absoluteExpiresAt: ts("absolute_expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable("password_reset_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: userRef(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const userSettings = pgTable("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notifications: boolean("notifications").notNull().default(true),
  autoClean: boolean("auto_clean").notNull().default(false),
  dailyTips: boolean("daily_tips").notNull().default(true),
  soundEffects: boolean("sound_effects").notNull().default(true),
  hapticFeedback: boolean("haptic_feedback").notNull().default(true),
  darkMode: boolean("dark_mode").notNull().default(true),
  metadataOnlyScan: boolean("metadata_only_scan").notNull().default(false),
  primaryGoal: text("primary_goal").notNull().default("storage"),
  dataTypes: text("data_types")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  timezone: text("timezone").notNull().default("UTC"),
  // Ids of suggestions the user dismissed (remembered across devices).
  dismissedSuggestions: text("dismissed_suggestions")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const scanSnapshots = pgTable(
  "scan_snapshots",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    takenAt: ts("taken_at").notNull().defaultNow(),
    // The user's own calendar day (their time zone), YYYY-MM-DD.
    localDate: text("local_date").notNull(),
    healthScore: integer("health_score").notNull(),
    summary: jsonb("summary").notNull(),
    // The scan it records (its summary's scannedAt): a retried save records it once.
    scanId: text("scan_id"),
  },
  (t) => [index("scan_snapshots_user_idx").on(t.userId, t.takenAt), uniqueIndex("scan_snapshots_user_scan_idx").on(t.userId, t.scanId)],
);

export const cleanupEvents = pgTable(
  "cleanup_events",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    clientId: text("client_id").notNull(),
    category: text("category").notNull(),
    action: text("action").notNull(),
    items: integer("items").notNull(),
    bytesFreed: bigint("bytes_freed", { mode: "number" }).notNull().default(0),
    localDate: text("local_date").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cleanup_events_client_idx").on(t.userId, t.clientId),
    index("cleanup_events_user_date_idx").on(t.userId, t.localDate),
  ],
);

/**
 * Cleanups (goal actions, GOAL_ACTIONS) per user per local day: today's goal reads one row
 * instead of counting the day's events. Kept exact by the statements that write
 * cleanup_events (services/cleanup-events.ts: insert and undo change the event and the count
 * in one statement); anything else that inserts or deletes events must use them too.
 */
export const cleanupDayCounts = pgTable(
  "cleanup_day_counts",
  {
    userId: userRef(),
    localDate: text("local_date").notNull(),
    cleanups: integer("cleanups").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

export const filterPresets = pgTable(
  "filter_presets",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    criteria: jsonb("criteria").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("filter_presets_user_idx").on(t.userId)],
);

export const emailSignups = pgTable("email_signups", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  source: text("source").notNull(),
  tags: text("tags")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: ts("processed_at").notNull().defaultNow(),
});

/** Mail waiting to be sent (or, without SMTP, kept for the operator). Retried on failure. */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  status: text("status").notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  createdAt: ts("created_at").notNull().defaultNow(),
  sentAt: ts("sent_at"),
});

/** Offline-queue actions already applied, so a retried action is applied once. */
export const appliedActions = pgTable(
  "applied_actions",
  {
    userId: userRef(),
    actionId: text("action_id").notNull(),
    collection: text("collection").notNull(),
    appliedAt: ts("applied_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actionId] })],
);

/** Export and backup history (Insights → Export → History). */
export const exportHistory = pgTable(
  "export_history",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull().default(0),
    status: text("status").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("export_history_user_idx").on(t.userId)],
);

/**
 * A change of sign-in address in progress. The new address confirms it with
 * one token; the old address can undo it with the other for 7 days. Only SHA-256 of each
 * token is stored. Removed by the retention job once the undo link has expired.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    confirmTokenHash: text("confirm_token_hash").notNull().unique(),
    revertTokenHash: text("revert_token_hash").notNull().unique(),
    confirmExpiresAt: ts("confirm_expires_at").notNull(),
    revertExpiresAt: ts("revert_expires_at").notNull(),
    confirmedAt: ts("confirmed_at"),
    revertedAt: ts("reverted_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/** Fixed-window rate-limit counters when no Redis is configured (shared by all processes). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: ts("reset_at").notNull(),
});

/**
 * One card-free trial per person (decision 011): a keyed hash (HMAC-SHA256) of the e-mail
 * address of every account that started one. Not tied to users, so it outlives deletion;
 * the address itself is never kept.
 */
export const trialGrants = pgTable("trial_grants", {
  emailHmac: text("email_hmac").primaryKey(),
  grantedAt: ts("granted_at").notNull().defaultNow(),
});

/**
 * The claim on starting a Stripe subscription (issue 39 #2, decision 032): one row per user,
 * so of several concurrent subscribe requests one creates the subscription and the others
 * answer with it. `attempt` goes into the Stripe idempotency key; `subscriptionId` is set
 * once Stripe made it (an unpaid one is named only here until it is paid).
 */
export const subscribeClaims = pgTable("subscribe_claims", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  plan: text("plan").notNull(),
  attempt: text("attempt").notNull(),
  subscriptionId: text("subscription_id"),
  claimedAt: ts("claimed_at").notNull().defaultNow(),
});

/** Links mailed at registration to prove the address; only the token's SHA-256 is stored. */
export const emailVerificationTokens = pgTable("email_verification_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: userRef(),
  email: text("email").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Server-generated secrets that must survive restarts and be shared by every process. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * A mailbox the user asked to stay connected to: where and as whom, and the secret that
 * reopens it sealed with IMAP_SECRET_KEY (never stored in the clear; no key, no row): the app
 * password, or for a mailbox signed in with OAuth (oauth_provider set) the refresh token.
 * Messages are never stored; only digital_data's e-mail aggregates.
 */
export const mailAccounts = pgTable("mail_accounts", {
  userId: userRef().primaryKey(),
  host: text("host").notNull(),
  port: integer("port").notNull(),
  username: text("username").notNull(),
  sealedPassword: text("sealed_password"),
  /** "gmail" or "outlook" when the mailbox was connected with OAuth (XOAUTH2). */
  oauthProvider: text("oauth_provider"),
  sealedRefreshToken: text("sealed_refresh_token"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * An OAuth sign-in in progress (decision 023): the SHA-256 of its `state`, bound to the user
 * and the very session that started it, with the PKCE verifier the token exchange needs.
 * Single use, 10 minutes; the retention job deletes what is left.
 */
export const mailOAuthStates = pgTable("mail_oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: userRef(),
  sessionId: text("session_id")
    .notNull()
    .references(() => sessions.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  stayConnected: boolean("stay_connected").notNull(),
  expiresAt: ts("expires_at").notNull(),
});
