ALTER TABLE `custom_domains` ADD `apple_app_site_association` text;--> statement-breakpoint
ALTER TABLE `custom_domains` ADD `asset_links` text;--> statement-breakpoint
ALTER TABLE `share_links` ADD `app_link` integer DEFAULT false NOT NULL;