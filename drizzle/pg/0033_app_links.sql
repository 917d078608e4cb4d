ALTER TABLE "custom_domains" ADD COLUMN "apple_app_site_association" jsonb;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD COLUMN "asset_links" jsonb;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "app_link" boolean DEFAULT false NOT NULL;