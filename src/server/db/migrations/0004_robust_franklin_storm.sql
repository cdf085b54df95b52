ALTER TABLE "runner_registrations" ADD COLUMN "payment_proof_key" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_proof_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "hold_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_payment_verified_by_users_id_fk" FOREIGN KEY ("payment_verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_payment_rejected_by_users_id_fk" FOREIGN KEY ("payment_rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;