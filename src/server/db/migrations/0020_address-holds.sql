ALTER TABLE "runner_registrations" ADD COLUMN "client_address_key" text;--> statement-breakpoint
ALTER TABLE "used_registration_challenges" ADD COLUMN "event_ref" uuid;--> statement-breakpoint
ALTER TABLE "used_registration_challenges" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "used_registration_challenges" ADD COLUMN "redeemed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "runner_registrations_address_holds_idx" ON "runner_registrations" USING btree ("event_ref","client_address_key") WHERE "runner_registrations"."status" in ('pending', 'awaiting_verification') and "runner_registrations"."client_address_key" is not null;--> statement-breakpoint
CREATE INDEX "used_registration_challenges_address_idx" ON "used_registration_challenges" USING btree ("event_ref","address_key","redeemed_at");