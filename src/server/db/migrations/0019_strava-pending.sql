ALTER TABLE "strava_accounts" ADD COLUMN "pending_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "strava_accounts" ADD COLUMN "pending_since" timestamp with time zone;