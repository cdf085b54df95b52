CREATE TABLE "registration_bib_counters" (
	"category_ref" uuid PRIMARY KEY NOT NULL,
	"next_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_categories" ADD COLUMN "bib_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_categories" ADD COLUMN "bib_start" integer;--> statement-breakpoint
ALTER TABLE "event_categories" ADD COLUMN "bib_end" integer;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "bib_number" text;--> statement-breakpoint
ALTER TABLE "registration_bib_counters" ADD CONSTRAINT "registration_bib_counters_category_ref_event_categories_id_fk" FOREIGN KEY ("category_ref") REFERENCES "public"."event_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "runner_registrations_event_bib_key" ON "runner_registrations" USING btree ("event_ref","bib_number");--> statement-breakpoint
ALTER TABLE "event_categories" ADD CONSTRAINT "event_categories_bib_range" CHECK (("event_categories"."bib_start" is null) = ("event_categories"."bib_end" is null) and ("event_categories"."bib_start" is null or ("event_categories"."bib_start" >= 0 and "event_categories"."bib_end" >= "event_categories"."bib_start")));