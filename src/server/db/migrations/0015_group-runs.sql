CREATE TABLE "group_run_participants" (
	"group_run_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_run_participants_group_run_id_user_id_pk" PRIMARY KEY("group_run_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_run_reports" (
	"group_run_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_run_reports_group_run_id_user_id_pk" PRIMARY KEY("group_run_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"title" text NOT NULL,
	"city" text NOT NULL,
	"city_key" text NOT NULL,
	"meeting_point" text NOT NULL,
	"map_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"distance_km" double precision NOT NULL,
	"pace_group" text NOT NULL,
	"capacity" integer NOT NULL,
	"participants_count" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'aktif' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_runs_participants_within_capacity" CHECK ("group_runs"."participants_count" >= 0 and "group_runs"."participants_count" <= "group_runs"."capacity")
);
--> statement-breakpoint
ALTER TABLE "group_run_participants" ADD CONSTRAINT "group_run_participants_group_run_id_group_runs_id_fk" FOREIGN KEY ("group_run_id") REFERENCES "public"."group_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_run_participants" ADD CONSTRAINT "group_run_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_run_reports" ADD CONSTRAINT "group_run_reports_group_run_id_group_runs_id_fk" FOREIGN KEY ("group_run_id") REFERENCES "public"."group_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_run_reports" ADD CONSTRAINT "group_run_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_runs" ADD CONSTRAINT "group_runs_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_run_participants_user_idx" ON "group_run_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_runs_upcoming_idx" ON "group_runs" USING btree ("starts_at") WHERE "group_runs"."status" = 'aktif' and not "group_runs"."hidden";--> statement-breakpoint
CREATE INDEX "group_runs_host_idx" ON "group_runs" USING btree ("host_id","starts_at");--> statement-breakpoint
-- Running Buddy's public answers share the public read cache (decision 015): any change of a run or
-- of who joined it drops every server's cached bodies.
CREATE TRIGGER "group_runs_public_cache" AFTER INSERT OR UPDATE OR DELETE ON "group_runs"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
--> statement-breakpoint
CREATE TRIGGER "group_run_participants_public_cache" AFTER INSERT OR UPDATE OR DELETE ON "group_run_participants"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
