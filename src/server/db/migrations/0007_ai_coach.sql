CREATE TABLE "ai_coach_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"form" jsonb NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"window_start" date NOT NULL,
	"window_end" date NOT NULL,
	"next_start" date NOT NULL,
	"next_end" date NOT NULL,
	"summary" jsonb NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_plan_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"runs" jsonb NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"form" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "ai_coach_profiles" ADD CONSTRAINT "ai_coach_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_evaluations" ADD CONSTRAINT "ai_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_plan_drafts" ADD CONSTRAINT "ai_plan_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_evaluations_user_window_key" ON "ai_evaluations" USING btree ("user_id","window_end");--> statement-breakpoint
CREATE INDEX "ai_evaluations_user_idx" ON "ai_evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_plan_drafts_user_idx" ON "ai_plan_drafts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_plan_drafts_expires_idx" ON "ai_plan_drafts" USING btree ("expires_at");