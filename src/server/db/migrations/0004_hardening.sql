CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_handoff_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"code_challenge" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payment_notification_rejections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"gateway" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sender" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"claimed_order_ref" text,
	"claimed_status" text,
	"claimed_status_code" text,
	"body_bytes" integer NOT NULL,
	"body_sha256" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_transactions" (
	"order_ref" text PRIMARY KEY NOT NULL,
	"transaction_status" text NOT NULL,
	"gross_amount" integer NOT NULL,
	"payment_type" text,
	"transaction_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_attempts" (
	"event_ref" uuid NOT NULL,
	"identity_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_attempts_event_ref_identity_key_window_start_pk" PRIMARY KEY("event_ref","identity_key","window_start")
);
--> statement-breakpoint
CREATE TABLE "used_registration_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "confirmed_status" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "last_body_sha256" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "dedup_key" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "last_received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "identity_key" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_proof_key" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_proof_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "payment_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "hold_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "mobile_handoff_codes" ADD CONSTRAINT "mobile_handoff_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_handoff_codes" ADD CONSTRAINT "mobile_handoff_codes_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notification_rejections" ADD CONSTRAINT "payment_notification_rejections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD CONSTRAINT "registration_attempts_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_key_key" ON "jobs" USING btree ("name","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_handoff_codes_hash_key" ON "mobile_handoff_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "mobile_handoff_codes_expires_idx" ON "mobile_handoff_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notification_rejections_key" ON "payment_notification_rejections" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payment_notification_rejections_order_idx" ON "payment_notification_rejections" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_notification_rejections_last_idx" ON "payment_notification_rejections" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "registration_attempts_window_idx" ON "registration_attempts" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "used_registration_challenges_expiry_idx" ON "used_registration_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_payment_verified_by_users_id_fk" FOREIGN KEY ("payment_verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_payment_rejected_by_users_id_fk" FOREIGN KEY ("payment_rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_dedup_key" ON "payment_notifications" USING btree ("dedup_key");--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_pending_identity_key" ON "runner_registrations" USING btree ("event_ref","identity_key") WHERE "runner_registrations"."status" in ('pending', 'awaiting_verification');--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_pending_email_key" ON "runner_registrations" USING btree ("event_ref","email_key") WHERE "runner_registrations"."status" in ('pending', 'awaiting_verification');