CREATE TABLE "subscribe_claims" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"attempt" text NOT NULL,
	"subscription_id" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscribe_claims" ADD CONSTRAINT "subscribe_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;