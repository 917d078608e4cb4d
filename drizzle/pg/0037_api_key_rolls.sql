ALTER TABLE "api_keys" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;