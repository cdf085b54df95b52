-- Issue 28 item 8 (decision 050): phones are stored in one form, +62 and the national digits, so
-- every comparison, export and wa.me link reads the same number. New rows are written so by the
-- registration schema (src/domain/shared/phone.ts); this rewrites the rows written before, by the
-- same rules. A value that is not a recognisable number stays as it was.
CREATE FUNCTION derap_normalise_phone_0023(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN c ~ '^(\+|00)?62' AND regexp_replace(regexp_replace(c, '^(\+|00)?62', ''), '^0', '') ~ '^[1-9][0-9]{7,11}$'
      THEN '+62' || regexp_replace(regexp_replace(c, '^(\+|00)?62', ''), '^0', '')
    WHEN c ~ '^0[1-9][0-9]{7,11}$' THEN '+62' || substr(c, 2)
    WHEN c ~ '^(\+|00)[1-9][0-9]{7,14}$' THEN '+' || regexp_replace(c, '^(\+|00)', '')
    ELSE typed
  END
  FROM (SELECT regexp_replace(btrim(typed), '[[:space:].()-]', '', 'g') AS c) AS s
$$;
--> statement-breakpoint
UPDATE "runner_registrations"
SET "phone" = derap_normalise_phone_0023("phone"), "emergency_contact" = derap_normalise_phone_0023("emergency_contact")
WHERE "phone" IS DISTINCT FROM derap_normalise_phone_0023("phone") OR "emergency_contact" IS DISTINCT FROM derap_normalise_phone_0023("emergency_contact");
--> statement-breakpoint
DROP FUNCTION derap_normalise_phone_0023(text);
