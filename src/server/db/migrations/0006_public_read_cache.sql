CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 015: the public event answers are cached per server, keyed by this version; it changes in
-- the same transaction as the data, whichever code path makes the change.
CREATE FUNCTION "derap_bump_cache_version"("key" text) RETURNS text LANGUAGE sql AS $$
  INSERT INTO "cache_versions" ("name", "version", "updated_at") VALUES ("key", gen_random_uuid()::text, now())
  ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version", "updated_at" = excluded."updated_at"
  RETURNING "version"
$$;
--> statement-breakpoint
CREATE FUNCTION "derap_public_events_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "derap_bump_cache_version"('public-events');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_public_cache" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_categories_public_cache_rows" AFTER INSERT OR DELETE ON "event_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
--> statement-breakpoint
-- A change of `sold` alone bumps only when the category becomes full or stops being full (the
-- counts in between may lag by the cache's few seconds); any other edit of a category bumps.
CREATE TRIGGER "event_categories_public_cache_edit" AFTER UPDATE ON "event_categories"
  FOR EACH ROW WHEN (OLD."sold" = NEW."sold" OR (OLD."sold" >= OLD."slots") <> (NEW."sold" >= NEW."slots"))
  EXECUTE FUNCTION "derap_public_events_changed"();
