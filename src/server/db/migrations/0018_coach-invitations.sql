CREATE TABLE "coach_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"coach_id" uuid NOT NULL,
	"email" text NOT NULL,
	"runner_id" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coach_invitations" ADD CONSTRAINT "coach_invitations_connection_id_coach_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."coach_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_invitations" ADD CONSTRAINT "coach_invitations_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_invitations" ADD CONSTRAINT "coach_invitations_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_invitations_token_key" ON "coach_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "coach_invitations_coach_email_idx" ON "coach_invitations" USING btree ("coach_id","email","created_at");--> statement-breakpoint
CREATE INDEX "coach_invitations_connection_idx" ON "coach_invitations" USING btree ("connection_id") WHERE "coach_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "coach_invitations_runner_idx" ON "coach_invitations" USING btree ("runner_id") WHERE "coach_invitations"."status" = 'pending';