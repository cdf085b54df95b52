CREATE TABLE "coach_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"runner_id" uuid,
	"package_id" uuid,
	"packages" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" date,
	"end_date" date,
	"order_id" uuid,
	"amount" integer DEFAULT 0 NOT NULL,
	"platform_fee" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"ended_at" timestamp with time zone,
	"ended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_weeks" integer DEFAULT 1 NOT NULL,
	"price" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_packages_duration_positive" CHECK ("coach_packages"."duration_weeks" >= 1),
	CONSTRAINT "coach_packages_price_not_negative" CHECK ("coach_packages"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coach_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shown_name" text NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"profile_image_url" text,
	"header_image_url" text,
	"location" text DEFAULT '' NOT NULL,
	"availability" boolean DEFAULT true NOT NULL,
	"uniquelink" text NOT NULL,
	"packageshown" text DEFAULT 'show' NOT NULL,
	"verification" text DEFAULT 'none' NOT NULL,
	"verification_documents" text[] DEFAULT '{}'::text[] NOT NULL,
	"verification_note" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_package_id_coach_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."coach_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_connections" ADD CONSTRAINT "coach_connections_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_packages" ADD CONSTRAINT "coach_packages_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_profiles" ADD CONSTRAINT "coach_profiles_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_connections_coach_idx" ON "coach_connections" USING btree ("coach_id","created_at");--> statement-breakpoint
CREATE INDEX "coach_connections_runner_idx" ON "coach_connections" USING btree ("runner_id") WHERE "coach_connections"."runner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_connections_order_key" ON "coach_connections" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coach_packages_coach_idx" ON "coach_packages" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_profiles_user_key" ON "coach_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_profiles_uniquelink_key" ON "coach_profiles" USING btree (lower("uniquelink"));