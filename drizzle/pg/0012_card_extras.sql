ALTER TABLE "share_links" ADD COLUMN "twitter_player" jsonb;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "twitter_app" jsonb;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "theme_color" text;