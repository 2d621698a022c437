CREATE TABLE "cleanup_day_counts" (
	"user_id" integer NOT NULL,
	"local_date" text NOT NULL,
	"cleanups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cleanup_day_counts_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "mail_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"sealed_password" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_snapshots" ADD COLUMN "scan_id" text;--> statement-breakpoint
ALTER TABLE "cleanup_day_counts" ADD CONSTRAINT "cleanup_day_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD CONSTRAINT "mail_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_snapshots_user_scan_idx" ON "scan_snapshots" USING btree ("user_id","scan_id");--> statement-breakpoint
-- Backfill (hand-written): the counters of the events recorded before this table.
-- The list is GOAL_ACTIONS (src/domain/cleanup-ledger.ts) as of this migration.
INSERT INTO "cleanup_day_counts" ("user_id", "local_date", "cleanups")
SELECT "user_id", "local_date", count(*)::integer FROM "cleanup_events"
WHERE "action" IN ('trash', 'delete', 'auto-clean', 'quick-action', 'recommendation', 'suggestion')
GROUP BY "user_id", "local_date";
