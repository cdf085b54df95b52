CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"eventname" text NOT NULL,
	"event_date" date NOT NULL,
	"location" text NOT NULL,
	"website" text,
	"roadortrail" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" text NOT NULL,
	"organizer" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ispartnership" boolean DEFAULT false NOT NULL,
	"same_key" text NOT NULL,
	"submitter_key" text,
	"submitted_by" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_same_key" ON "calendar_events" USING btree ("same_key") WHERE "calendar_events"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "calendar_events_date_idx" ON "calendar_events" USING btree ("event_date") WHERE "calendar_events"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "calendar_events_status_idx" ON "calendar_events" USING btree ("status","created_at");--> statement-breakpoint
-- The calendar's public answers share the public read cache's version (decision 015): any change
-- of a calendar row (a submission, a moderation, an edit) drops every server's cached bodies.
CREATE TRIGGER "calendar_events_public_cache" AFTER INSERT OR UPDATE OR DELETE ON "calendar_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
