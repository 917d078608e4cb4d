ALTER TABLE "share_links" ADD COLUMN "og_image_width" integer;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "og_image_height" integer;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "og_image_type" text;--> statement-breakpoint
ALTER TABLE "share_links" ADD COLUMN "og_image_bytes" integer;