CREATE TABLE "event_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_ref" uuid NOT NULL,
	"category_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"slots" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"admin_fee" integer DEFAULT 10000 NOT NULL,
	"early_bird" boolean DEFAULT false NOT NULL,
	"early_bird_end_date" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_categories_sold_within_slots" CHECK ("event_categories"."sold" >= 0 and "event_categories"."sold" <= "event_categories"."slots"),
	CONSTRAINT "event_categories_price_positive" CHECK ("event_categories"."price" > 0 and "event_categories"."slots" > 0 and "event_categories"."admin_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"header_image" text,
	"location" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"reg_open" timestamp with time zone NOT NULL,
	"reg_close" timestamp with time zone NOT NULL,
	"early_bird_end_date" timestamp with time zone,
	"timezone" text DEFAULT 'Asia/Jakarta' NOT NULL,
	"payment_type" text NOT NULL,
	"payment_options" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_qr_image" text,
	"payment_instructions" text,
	"status" text DEFAULT 'diajukan' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"topic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runner_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" text NOT NULL,
	"qr_token" text NOT NULL,
	"event_ref" uuid NOT NULL,
	"category_ref" uuid NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"event_fee" integer NOT NULL,
	"admin_fee" integer NOT NULL,
	"payment_amount" integer NOT NULL,
	"payment_method" text,
	"order_id" uuid,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"bib_name" text NOT NULL,
	"community" text DEFAULT '-' NOT NULL,
	"blood_type" text NOT NULL,
	"tshirt_size" text NOT NULL,
	"sex" text NOT NULL,
	"dob" date NOT NULL,
	"identity_type" text NOT NULL,
	"identity_no" text NOT NULL,
	"emergency_name" text NOT NULL,
	"emergency_contact" text NOT NULL,
	"medical_notes" text DEFAULT '-' NOT NULL,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"racepack_collected_at" timestamp with time zone,
	"racepack_collected_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_category_ref_event_categories_id_fk" FOREIGN KEY ("category_ref") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD CONSTRAINT "runner_registrations_racepack_collected_by_users_id_fk" FOREIGN KEY ("racepack_collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_categories_event_category_key" ON "event_categories" USING btree ("event_ref","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_code_key" ON "events" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "events_event_id_key" ON "events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_status_idx" ON "events" USING btree ("status");--> statement-breakpoint
CREATE INDEX "events_created_by_idx" ON "events" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_topic_key" ON "mail_outbox" USING btree ("topic");--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_registration_id_key" ON "runner_registrations" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_qr_token_key" ON "runner_registrations" USING btree ("qr_token");--> statement-breakpoint
CREATE INDEX "runner_registrations_event_created_idx" ON "runner_registrations" USING btree ("event_ref","created_at");--> statement-breakpoint
CREATE INDEX "runner_registrations_order_idx" ON "runner_registrations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "runner_registrations_pending_expiry_idx" ON "runner_registrations" USING btree ("expires_at") WHERE "runner_registrations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_key" ON "uploads" USING btree ("key");