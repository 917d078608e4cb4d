ALTER TABLE "share_links" ADD COLUMN "fallback_url" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "click_limit" integer;