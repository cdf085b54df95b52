CREATE TABLE "registration_email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_ref" uuid NOT NULL,
	"email_key" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_ref" uuid NOT NULL,
	"category_ref" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_token_hash" text,
	"registration_ref" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "email_code_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_email_codes" ADD CONSTRAINT "registration_email_codes_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_category_ref_event_categories_id_fk" FOREIGN KEY ("category_ref") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_registration_ref_runner_registrations_id_fk" FOREIGN KEY ("registration_ref") REFERENCES "public"."runner_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_email_codes_event_email_key" ON "registration_email_codes" USING btree ("event_ref","email_key");--> statement-breakpoint
CREATE INDEX "registration_email_codes_expiry_idx" ON "registration_email_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_live_email_key" ON "waiting_list_entries" USING btree ("category_ref","email_key") WHERE "waiting_list_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waiting_list_entries_queue_idx" ON "waiting_list_entries" USING btree ("category_ref","created_at") WHERE "waiting_list_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waiting_list_entries_offered_idx" ON "waiting_list_entries" USING btree ("offer_expires_at") WHERE "waiting_list_entries"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_entries_token_key" ON "waiting_list_entries" USING btree ("offer_token_hash");