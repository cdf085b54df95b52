ALTER TABLE "runner_registrations" ADD COLUMN "racepack_collected_device" text;--> statement-breakpoint
ALTER TABLE "runner_registrations" ADD COLUMN "racepack_collected_device_name" text;