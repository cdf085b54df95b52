CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_key" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"gateway_refund_id" text,
	"last_error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "registration_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_ref" uuid NOT NULL,
	"changed_by" uuid,
	"changed_by_name" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "canceled_by" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_notice" text;--> statement-breakpoint
ALTER TABLE "payment_sandbox_transactions" ADD COLUMN "refund_key" text;--> statement-breakpoint
ALTER TABLE "payment_sandbox_transactions" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "canceled_by" uuid;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "refund_mode" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "refund_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "refund_settled_by" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_registration_ref_runner_registrations_id_fk" FOREIGN KEY ("registration_ref") REFERENCES "public"."runner_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_changes" ADD CONSTRAINT "registration_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_key" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_refund_key_key" ON "order_refunds" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "registration_changes_registration_idx" ON "registration_changes" USING btree ("registration_ref","changed_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_refund_settled_by_users_id_fk" FOREIGN KEY ("refund_settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runner_registrations_manual_refund_idx" ON "runner_registrations" USING btree ("event_ref") WHERE "runner_registrations"."refund_mode" = 'manual' and "runner_registrations"."refund_settled_at" is null;