-- The public coach page's answers share the public read cache (decision 015): any change of a
-- coach's profile (verification included) or packages drops every server's cached bodies.
CREATE TRIGGER "coach_profiles_public_cache" AFTER INSERT OR UPDATE OR DELETE ON "coach_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
--> statement-breakpoint
CREATE TRIGGER "coach_packages_public_cache" AFTER INSERT OR UPDATE OR DELETE ON "coach_packages"
  FOR EACH STATEMENT EXECUTE FUNCTION "derap_public_events_changed"();
