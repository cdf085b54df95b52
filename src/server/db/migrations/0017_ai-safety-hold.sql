ALTER TABLE "ai_coach_profiles" ALTER COLUMN "form" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_coach_profiles" ALTER COLUMN "start_day" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_coach_profiles" ALTER COLUMN "end_day" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_coach_profiles" ADD COLUMN "safety_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_coach_profiles" ADD COLUMN "safety_hold_reason" text;