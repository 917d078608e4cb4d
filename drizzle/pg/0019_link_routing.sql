ALTER TABLE "share_links" ADD COLUMN "ios_url" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "android_url" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "geo_targets" jsonb;