CREATE TABLE "strava_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"athlete_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"activity_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sport_type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"distance_km" double precision NOT NULL,
	"moving_time_s" integer NOT NULL,
	"avg_hr" integer,
	"status" text NOT NULL,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_api_budget" (
	"window" text PRIMARY KEY NOT NULL,
	"overall" integer DEFAULT 0 NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	"limited_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_runs" ADD COLUMN "result_source" text;--> statement-breakpoint
ALTER TABLE "strava_accounts" ADD CONSTRAINT "strava_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_activities" ADD CONSTRAINT "strava_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_activities" ADD CONSTRAINT "strava_activities_run_id_training_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."training_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strava_accounts_athlete_key" ON "strava_accounts" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strava_activities_activity_key" ON "strava_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "strava_activities_user_day_idx" ON "strava_activities" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "strava_activities_run_idx" ON "strava_activities" USING btree ("run_id");