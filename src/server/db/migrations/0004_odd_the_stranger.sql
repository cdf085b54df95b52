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
ALTER TABLE "runner_registrations" ADD COLUMN "identity_key" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD CONSTRAINT "registration_attempts_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_attempts_window_idx" ON "registration_attempts" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "used_registration_challenges_expiry_idx" ON "used_registration_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_pending_identity_key" ON "runner_registrations" USING btree ("event_ref","identity_key") WHERE "runner_registrations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_pending_email_key" ON "runner_registrations" USING btree ("event_ref","email_key") WHERE "runner_registrations"."status" = 'pending';